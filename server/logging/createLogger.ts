import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { currentRequestId } from './requestContext';

/** Never written out, whatever the level (secrets stay out of logs). */
const REDACTED = ['req.headers.authorization', '*.password', '*.token'];

/** The field fastify's request loggers carry the request id in (its default label). */
export const REQUEST_ID_LOG_FIELD = 'reqId';

/**
 * Stamps a line written during a request's handling with its id when the logger has not bound it already
 * (fastify's request logger has; the app logger that services hold has not).
 */
function requestIdMixin(_object: object, _level: number, logger: pino.Logger): object {
  const requestId = currentRequestId();
  if (requestId === undefined || REQUEST_ID_LOG_FIELD in logger.bindings()) return {};
  return { [REQUEST_ID_LOG_FIELD]: requestId };
}

/** Pretty lines for a person at a terminal; JSON lines for a log collector (a pipe, a file, systemd). */
export function wantsPrettyLogs(format: Config['logFormat'], stdoutIsTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTty);
}

/**
 * The server's pino logger: readable coloured lines when stdout is a terminal (or
 * LOG_FORMAT=pretty), one JSON object a line otherwise (or LOG_FORMAT=json). Pretty printing runs in
 * this process as a stream, not as a worker transport, so nothing is lost when the process exits.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Logger {
  const options = { level: config.logLevel, redact: REDACTED, mixin: requestIdMixin };
  if (!wantsPrettyLogs(config.logFormat, stdout.isTTY === true)) return pino(options, stdout);
  return pino(
    options,
    pretty({
      destination: stdout,
      colorize: stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      sync: true,
    }),
  );
}
