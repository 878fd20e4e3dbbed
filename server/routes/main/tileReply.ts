import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EncodedTile } from '../../services/tiles/TileCache';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

const gunzip = promisify(zlib.gunzip);

/**
 * Answers a private vector tile: 204 when there is none (outside its zoom range; MapLibre reads an empty
 * tile), 304 when the browser holds the same ETag, else the gzip bytes (or plain for a client without gzip).
 */
export async function sendEncodedTile(
  request: FastifyRequest,
  reply: FastifyReply,
  tile: EncodedTile | null,
  maxAgeSeconds: number,
) {
  reply
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .header('vary', 'Authorization, Accept-Encoding');
  if (!tile) return reply.code(204).send();
  reply.header('etag', tile.etag);
  if (request.headers['if-none-match'] === tile.etag) return reply.code(304).send();
  reply.type(MVT_TYPE);
  if ((request.headers['accept-encoding'] ?? '').includes('gzip'))
    return reply.header('content-encoding', 'gzip').send(tile.gzip);
  return reply.send(await gunzip(tile.gzip));
}
