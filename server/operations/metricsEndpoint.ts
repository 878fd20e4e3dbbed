import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AppMetrics } from './AppMetrics';

/** Compares digests, so the time taken tells nothing of how much of the token was right. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** Whether `authorization` carries `token` as a bearer token; always true without a token. */
export function mayScrape(authorization: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match !== null && sameToken(match[1], token);
}

/**
 * Counts every answered request by its route pattern (`/v1/secure/maps/prcid/:id/objects`, never the raw
 * URL, so the series stay few), method and status; requests no route matched count as `unmatched`.
 */
export function measureRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * `GET /metrics` on the app's port when METRICS_TOKEN is set (401 without it), and on METRICS_PORT when
 * that is set: a plain HTTP server of its own, opened when the app is ready (a busy port fails the start)
 * and closed with it. Neither set: no metrics.
 */
export function serveMetrics(app: FastifyInstance, metrics: AppMetrics, access: Config['metrics']): void {
  const { registry } = metrics;
  if (access.token !== null) {
    app.get('/metrics', async (request, reply) => {
      if (!mayScrape(request.headers.authorization, access.token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: true, message: 'A valid metrics token is required' });
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  }
  if (access.port === null) return;
  const port = access.port;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!mayScrape(request.headers.authorization, access.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, access.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
