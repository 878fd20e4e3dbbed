import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { IncomingHttpHeaders } from 'node:http';

/** Replies smaller than this go out as they are: the headers would eat what compression saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** How hard brotli (quality 0–11) and gzip (level 1–9) compress. */
export interface CompressionLevels {
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * What every API reply gets. Brotli runs at quality 4 (not the library's 11): a 36 KB search page then costs
 * about as much CPU as gzip and still comes out smaller, where quality 11 took milliseconds per reply.
 */
export const API_COMPRESSION_LEVELS: CompressionLevels = { brotliQuality: 4, gzipLevel: 6 };

/** The encodings the API compresses with, in order of preference. */
export type ReplyEncoding = 'br' | 'gzip';
export const REPLY_ENCODINGS: ReplyEncoding[] = ['br', 'gzip'];

const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * The encoding a reply to these request headers gets, chosen as @fastify/compress chooses it (its
 * `accept-negotiator` over the same encodings, `*` and `x-gzip` taken as gzip, `x-no-compression` honoured):
 * a reply compressed elsewhere (a search worker's, ADR 070) is then what the plugin would have sent.
 */
export function replyEncodingOf(headers: IncomingHttpHeaders): ReplyEncoding | null {
  const accepted = headers['accept-encoding'];
  if (headers['x-no-compression'] !== undefined || typeof accepted !== 'string') return null;
  return negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, 'gzip'), REPLY_ENCODINGS);
}

/** A reply's body (text as UTF-8) compressed at `levels`, in one call: the whole body is at hand. */
export function compressBytes(
  bytes: string | Uint8Array,
  encoding: ReplyEncoding,
  { brotliQuality, gzipLevel }: CompressionLevels = API_COMPRESSION_LEVELS,
): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : zlib.gzipSync(bytes, { level: gzipLevel });
}
