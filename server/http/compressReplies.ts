import zlib from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import {
  API_COMPRESSION_LEVELS,
  COMPRESSION_THRESHOLD_BYTES,
  REPLY_ENCODINGS,
  type CompressionLevels,
} from '../services/compression/apiCompression';

export { COMPRESSION_THRESHOLD_BYTES };

/**
 * Text replies worth compressing: JSON (search pages, parcel details, lookups), GeoJSON, HTML pages,
 * scripts and styles sent without a precompressed sibling. Vector tiles are left alone: they are stored
 * and sent gzipped already (they carry their own Content-Encoding), as are the build's .br/.gz files.
 */
const COMPRESSIBLE = /^(application\/(json|geo\+json|javascript|problem\+json)|text\/)/;

/**
 * The API's compression options at these levels: what every API reply gets (compressReplies), and what a
 * route sending large replies passes as its `compress` option with faster levels (a route's option replaces
 * the plugin's, so it repeats the encodings, types and threshold).
 */
export function compressionOptions({ brotliQuality, gzipLevel }: CompressionLevels) {
  return {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: REPLY_ENCODINGS,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: gzipLevel },
  } satisfies FastifyCompressOptions;
}

/**
 * Compresses API replies by the client's Accept-Encoding: brotli first, then gzip (API_COMPRESSION_LEVELS).
 * A reply that already carries its Content-Encoding (a search page compressed by a search worker, ADR 070)
 * goes out as it is.
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, ...compressionOptions(API_COMPRESSION_LEVELS) });
}
