import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { BASE_MAP_MAX_ZOOM } from '../../services/basemap/BaseMapTiles';

const tileParams = {
  type: 'object',
  required: ['z', 'x', 'y'],
  properties: {
    // Deeper tiles would be the same geography cut finer: the browser over-zooms from BASE_MAP_MAX_ZOOM.
    z: { type: 'integer', minimum: 0, maximum: BASE_MAP_MAX_ZOOM },
    x: { type: 'integer', minimum: 0 },
    y: { type: 'integer', minimum: 0 },
  },
} as const;

/** The map engine's worker, served from our origin (maplibre-gl 6 cannot find it inside a bundle). */
const WORKER_FILE = path.resolve('node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs');

/**
 * Public routes of the self-hosted base map (country, cantons, municipalities, lakes and their names
 * from swiss-maps): nothing in them is sensitive, so they carry no token and may be cached.
 * The geography is read on the first tile request, so starting the server stays fast.
 */
export async function baseMapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { z: number; x: number; y: string } }>(
    '/tiles/base/:z/:x/:y',
    {
      schema: {
        params: {
          type: 'object',
          required: ['z', 'x', 'y'],
          properties: { ...tileParams.properties, y: { type: 'string', pattern: '^[0-9]+\\.pbf$' } },
        },
      },
    },
    async (request, reply) => {
      const { z, x } = request.params;
      const y = Number(request.params.y.replace('.pbf', ''));
      if (x >= 2 ** z || y >= 2 ** z) {
        return reply.code(400).send({ error: true, message: 'tile x and y must be below 2^z' });
      }
      return (
        reply
          .type('application/x-protobuf')
          .header('cache-control', 'public, max-age=86400')
          // Public and token-free: the app may load them from another configured host.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(ctx.baseMap.tile(z, x, y))
      );
    },
  );

  // ~520 KB as shipped, ~150 KB gzipped, less with brotli: compressed once, on the first request that accepts it.
  const compressedWorker: Partial<Record<'br' | 'gzip', Buffer>> = {};
  const compressWorker = (encoding: 'br' | 'gzip') => {
    const content = fs.readFileSync(WORKER_FILE);
    return encoding === 'br'
      ? zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      : zlib.gzipSync(content, { level: 9 });
  };
  app.get('/vendor/maplibre-gl-worker.mjs', async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('vary', 'Accept-Encoding');
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
    if (!encoding) return reply.send(fs.createReadStream(WORKER_FILE));
    compressedWorker[encoding] ??= compressWorker(encoding);
    return reply.header('content-encoding', encoding).send(compressedWorker[encoding]);
  });
}
