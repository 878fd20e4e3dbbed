import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { geoJson } from '../../helpers/cadastreFiles';
import type { TestApp } from './createTestApp';

/**
 * POST /v1/secure/file-items/cadastre/upload with the file (and a mapping's JSON, and a buildings register
 * extract as the field `register`) as multipart/form-data; `headers` carry the admin's authorization (and a langcode).
 */
export function uploadCadastreFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  file: string,
  mapping?: string,
  register?: string,
) {
  const boundary = '----atlas-test-boundary';
  const parts: Buffer[] = [];
  if (mapping)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${mapping}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
        'Content-Type: application/geo+json\r\n\r\n',
    ),
    fs.readFileSync(file),
    Buffer.from('\r\n'),
  );
  if (register)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="register"; filename="${path.basename(register)}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      fs.readFileSync(register),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/v1/secure/file-items/cadastre/upload',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/**
 * Writes `features` (LV95) as a GeoJSON file in the app's data directory, uploads it as the admin with an
 * egrid/nr mapping, and waits until the import's alert round (and any round running) has finished.
 */
export async function importSurveyAndWaitForAlerts(
  t: TestApp,
  adminHeaders: Record<string, string>,
  name: string,
  features: Parameters<typeof geoJson>[0],
): Promise<void> {
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, geoJson(features, 'EPSG:2056'));
  const response = await uploadCadastreFile(
    t.app,
    adminHeaders,
    file,
    JSON.stringify({ egrid: 'egrid', number: 'nr' }),
  );
  expect(response.statusCode).toBe(200);
  await t.app.ctx.savedSearchAlerts.runNow();
}
