import zlib from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this go out as they are: the headers would eat what compression saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text replies worth compressing: JSON (search pages, parcel details, lookups), GeoJSON, HTML pages,
 * scripts and styles sent without a precompressed sibling. Vector tiles are left alone: they are stored
 * and sent gzipped already (they carry their own Content-Encoding), as are the build's .br/.gz files.
 */
const COMPRESSIBLE = /^(application\/(json|geo\+json|javascript|problem\+json)|text\/)/;

/** How hard brotli (quality 0–11) and gzip (level 1–9) compress. */
export interface CompressionLevels {
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * The API's compression options at these levels: what every API reply gets (compressReplies), and what a
 * route sending large replies passes as its `compress` option with faster levels (a route's option replaces
 * the plugin's, so it repeats the encodings, types and threshold).
 */
export function compressionOptions({ brotliQuality, gzipLevel }: CompressionLevels) {
  return {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: gzipLevel },
  } satisfies FastifyCompressOptions;
}

/**
 * Compresses API replies by the client's Accept-Encoding: brotli first, then gzip. Brotli runs at quality 4
 * (not the library's 11): a 36 KB search page then costs about as much CPU as gzip and still comes out
 * smaller, where quality 11 took milliseconds of the event loop per reply.
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    ...compressionOptions({ brotliQuality: 4, gzipLevel: 6 }),
  });
}
