import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** API paths whose answers may carry a token or personal data: never stored by a browser or proxy. */
const PRIVATE_PREFIXES = ['/api/', '/profile', '/v1/secure/'];

/** The origin of a configured URL, with its websocket twin for the socket URL; [] for "same origin". */
function origins(url: string | null, websocket = false): string[] {
  if (!url) return [];
  const origin = new URL(url).origin;
  return websocket ? [origin, origin.replace(/^http/, 'ws')] : [origin];
}

/**
 * The Content-Security-Policy of the app: scripts only from our origin (the bundles and /config.js),
 * workers from our origin (the push service worker, /sw.js, and MapLibre's worker) or the main host's
 * origin and as blob: URLs (MapLibre), images from data:/blob:
 * (MapLibre decodes tiles and sprites to blobs), inline styles because antd's CSS-in-JS inserts style
 * tags, calls to the configured SSO/main/payment/socket hosts (and an outside base-map style's host),
 * forms posted to the payment host, and no framing at all.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const { sso, main, payment, socket } = config.clientUrls;
  const apiHosts = [
    ...origins(sso),
    ...origins(main),
    ...origins(payment),
    ...origins(socket, true),
    ...origins(config.baseMapStyleUrl),
  ];
  // MapLibre fetches the terrain and satellite raster tiles, then decodes them from blobs.
  const rasterHosts = [...origins(config.terrainTilesUrl), ...origins(config.satelliteTilesUrl)];
  const unique = (values: string[]) => [...new Set(values)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    workerSrc: unique(["'self'", 'blob:', ...origins(main)]),
    childSrc: unique(["'self'", 'blob:', ...origins(main)]),
    imgSrc: unique(["'self'", 'data:', 'blob:', ...rasterHosts]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    connectSrc: unique(["'self'", ...apiHosts, ...rasterHosts]),
    manifestSrc: ["'self'"],
    formAction: unique(["'self'", ...origins(payment)]),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer (helmet): the CSP above, X-Content-Type-Options nosniff,
 * X-Frame-Options DENY, Referrer-Policy no-referrer (the success URL carries a checkout id), HSTS only
 * when PUBLIC_URL is https; and `Cache-Control: no-store` on every API answer that did not choose its
 * own caching (tokens, profiles, subscriptions, search answers). The helmet middleware is built once:
 * @fastify/helmet built it again for every request (its CSP parsed each time, ~7 % of the event loop
 * under tile load). A route's own header of the same name wins (e.g. the public base-map tiles' CORP).
 */
/** The headers every answer carries (helmet as a Node middleware). */
export function createSecurityHeaders(config: Config) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Same site by default; the public base-map tiles and map worker say cross-origin themselves.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const setHeaders = createSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix)) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
