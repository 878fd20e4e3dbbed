import { PassThrough } from 'node:stream';
import { loadConfig, ConfigError } from '../../server/config';
import { createLogger, wantsPrettyLogs } from '../../server/logging/createLogger';

/** A stdout stand-in that collects what is written, optionally claiming to be a terminal. */
function fakeStdout(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('server logs', () => {
  it('are readable lines at a terminal and JSON in a pipe, unless LOG_FORMAT says otherwise', () => {
    expect(wantsPrettyLogs('auto', true)).toBe(true);
    expect(wantsPrettyLogs('auto', false)).toBe(false);
    expect(wantsPrettyLogs('json', true)).toBe(false);
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
  });

  it('writes one JSON object a line when stdout is not a terminal', async () => {
    const out = fakeStdout(false);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, out.stream).info({ port: 8080 }, 'listening');
    await new Promise((resolve) => setImmediate(resolve));
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'listening', port: 8080 });
  });

  it('writes a readable coloured line at a terminal, with secrets still redacted', async () => {
    const out = fakeStdout(true);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, out.stream).info(
      { user: { password: 'hunter2' } },
      'signed in',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const text = out.text();
    expect(text).toMatch(/INFO/);
    expect(text).toContain('signed in');
    expect(text).not.toMatch(/^\{/);
    expect(text).not.toContain('hunter2');
  });

  it('refuses an unknown LOG_FORMAT at start', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/parcel-atlas-logging', LOG_FORMAT: 'xml' })).toThrow(
      ConfigError,
    );
  });
});
