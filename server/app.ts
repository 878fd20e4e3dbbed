import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyFormbody from '@fastify/formbody';
import type { Config } from './config';
import type { RuntimeConfig } from '../src/contract/RuntimeConfig';
import type { Storage } from './store/contract/Storage';
import type { AppContext } from './AppContext';
import { composeContext, type ComposeOptions } from './compose';
import { compressReplies } from './http/compressReplies';
import { namedScope } from './http/namedScope';
import { buildSharedValidator } from './http/sharedSchemaValidators';
import { registerErrorHandling } from './http/registerErrorHandling';
import { registerRequestIds } from './http/requestIds';
import { REQUEST_ID_HEADER, requestIdOf } from './logging/requestContext';
import { rejectUnsafeInput } from './http/rejectUnsafeInput';
import { createSecurityHeaders, registerSecurityHeaders } from './http/securityHeaders';
import { authenticateBeforeValidation } from './http/requireRole';
import { measureRequests, serveMetrics } from './operations/metricsEndpoint';
import { readinessRoutes } from './routes/operations/readinessRoutes';
import { languageOf } from './services/i18n/ServerTranslator';
import { translateReplies } from './http/translateReplies';
import { publicFileRoutes } from './routes/main/fileItemRoutes';
import { ssoRoutes } from './routes/sso/ssoRoutes';
import { mainRoutes } from './routes/main/mainRoutes';
import { paymentRoutes } from './routes/payment/paymentRoutes';
import { baseMapRoutes } from './routes/main/baseMapRoutes';
import { ogcRoutes } from './routes/ogc/ogcRoutes';
import { OGC_PREFIX } from './routes/ogc/ogcBase';

/** The browser's runtime configuration as a script that sets `window.__PARCEL_ATLAS_CONFIG__`. */
export function runtimeConfigScript(config: Config): string {
  const runtime: RuntimeConfig = {
    ssoUrl: config.clientUrls.sso,
    mainUrl: config.clientUrls.main,
    paymentUrl: config.clientUrls.payment,
    socketUrl: config.clientUrls.socket,
    baseMapStyleUrl: config.baseMapStyleUrl,
    terrainTilesUrl: config.terrainTilesUrl,
    terrainTilesEncoding: config.terrainTilesEncoding,
    satelliteTilesUrl: config.satelliteTilesUrl,
    vapidPublicKey: config.vapidPublicKey,
  };
  return `window.__PARCEL_ATLAS_CONFIG__ = ${JSON.stringify(runtime).replace(/</g, '\\u003c')};\n`;
}

export interface BuildAppOptions {
  config: Config;
  /** The repositories and what else the app needs of its database (openConfiguredStorage); closed with the app. */
  storage: Storage;
  /** A pino logger (main.ts); tests leave it out and get none. */
  logger?: FastifyBaseLogger;
  /** The HTTPS agent for web pushes (tests: one that trusts their local push receiver). */
  pushTls?: ComposeOptions['pushTls'];
}

/** File names webpack gives a content hash (`main.3f9a1c2b.js`, and its `.br`/`.gz` siblings): safe to cache for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|mjs|woff2?|png|svg|jpg|webp)(\.br|\.gz)?$/;

/**
 * Builds the one-process server: the composition root's context, then the SSO, main and payment APIs,
 * runtime config and the SPA.
 */
const BAD_URL = 'Bad request: the address cannot be read';

export async function buildApp({
  config,
  storage,
  logger,
  pushTls,
}: BuildAppOptions): Promise<FastifyInstance> {
  const securityHeaders = createSecurityHeaders(config);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A hop count trusts that many proxies in front of us (fastify's types take it as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    genReqId: requestIdOf,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: buildSharedValidator } },
    // Requests the router refuses (a URL it cannot decode) never reach the hooks: they get the security
    // headers here.
    frameworkErrors: (_error, request, routerReply) => {
      // The router's reply type is generic over no route; it is a plain reply here.
      const reply = routerReply as unknown as FastifyReply;
      securityHeaders(request.raw, reply.raw, () => {
        const language = languageOf(request.headers.langcode);
        reply
          .code(400)
          .header(REQUEST_ID_HEADER, request.id)
          .send({
            error: true,
            message: ctx.translator.translateEnglish(language, BAD_URL),
            requestId: request.id,
          });
      });
    },
  });
  const ctx = await composeContext({ config, storage, log: app.log, pushTls });
  app.decorate('ctx', ctx);

  registerRequestIds(app);
  measureRequests(app, ctx.operations.metrics);
  registerErrorHandling(app, config.distDir, ctx.operations.disk);
  authenticateBeforeValidation(app);
  rejectUnsafeInput(app);
  translateReplies(app, ctx.translator);
  // While draining (ShutdownDrain) and closing, answers end their keep-alive connection, so the HTTP
  // server's close does not wait for idle keep-alive sockets (Node keeps them 5 s). A reply whose headers
  // went out before the close began (a compressed one still streaming) ends its connection once it is sent.
  let closing = false;
  // The listener may be closed already (ShutdownDrain), and then http.Server#close no longer waits for
  // the requests in flight: the close waits for them here, before the storage closes under them.
  let inFlight = 0;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    reply.raw.once('close', () => (inFlight -= 1));
  });
  app.addHook('preClose', async () => {
    closing = true;
    // An upload in flight answers once its import has stopped (whole municipalities only) and its file is gone.
    await ctx.cadastre.stop();
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  app.addHook('onReady', async () => {
    ctx.savedSearchAlerts.start();
  });
  app.addHook('onClose', async () => {
    await ctx.savedSearchAlerts.stop();
    await ctx.exportJobs.close();
    await ctx.tiles.close();
    await ctx.closeStorage();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing || ctx.operations.drain.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    if (closing) request.raw.socket?.end();
  });
  await app.register(fastifyFormbody);
  await registerSecurityHeaders(app, config);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(namedScope('readinessRoutes', (scope) => readinessRoutes(scope, ctx)));
  serveMetrics(app, ctx.operations.metrics, config.metrics);
  app.get('/config.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(runtimeConfigScript(config)),
  );

  // The API scopes compress their replies; static files have their precompressed siblings instead.
  await app.register(
    namedScope('api', async (scope) => {
      await compressReplies(scope);
      await scope.register(namedScope('ssoRoutes', (sso) => ssoRoutes(sso, ctx)));
      await scope.register(
        namedScope('mainRoutes', (main) => mainRoutes(main, ctx)),
        { prefix: '/v1/secure' },
      );
      await scope.register(
        namedScope('paymentRoutes', (payment) => paymentRoutes(payment, ctx)),
        { prefix: '/v1/secure/payment' },
      );
      await scope.register(
        namedScope('ogcRoutes', (ogc) => ogcRoutes(ogc, ctx)),
        { prefix: OGC_PREFIX },
      );
    }),
  );
  await app.register(namedScope('baseMapRoutes', (scope) => baseMapRoutes(scope, ctx)));
  await app.register(namedScope('publicFileRoutes', (scope) => publicFileRoutes(scope, ctx)));

  const setHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
    // The same URL may be sent as brotli, gzip or plain (preCompressed): shared caches must key on it.
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader(
      'cache-control',
      HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  // The build (hashed bundles with their .br/.gz siblings) under every path; public/ (service worker, layer
  // styles, images) as one route per file. Two registrations, not one with two roots: @fastify/static's
  // preCompressed search across several roots never falls back to a plain file of the first root
  // (fastify/fastify-static#348), which made small chunks without compressed siblings 404.
  const publicDir = path.resolve('public');
  const hasDist = fs.existsSync(config.distDir);
  if (hasDist)
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders,
    });
  if (fs.existsSync(publicDir))
    await app.register(fastifyStatic, {
      root: publicDir,
      index: false,
      wildcard: false,
      decorateReply: !hasDist,
      globIgnore: ['index.html'],
      cacheControl: false,
      setHeaders,
    });
  // To the static plugin `/` is a directory (403 with index off): send it to the SPA fallback instead.
  app.get('/', (_request, reply) => reply.callNotFound());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
