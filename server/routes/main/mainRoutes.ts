import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { accountErrorHandler } from '../../http/registerErrorHandling';
import { authUser, requireRole } from '../../http/requireRole';
import { namedScope } from '../../http/namedScope';
import { couponAdminRoutes } from './couponAdminRoutes';
import { fileItemRoutes } from './fileItemRoutes';
import { cadastreUploadRoutes } from './fileItems/cadastreUploadRoutes';
import { lookupRoutes } from './lookupRoutes';
import { preferenceRoutes } from './preferenceRoutes';
import { parcelDetailRoutes } from './parcels/parcelDetailRoutes';
import { parcelSearchRoutes } from './parcels/parcelSearchRoutes';
import { parcelTileRoutes } from './parcels/parcelTileRoutes';
import { pushSubscriptionRoutes } from './pushSubscriptionRoutes';
import { reportRoutes } from './reportRoutes';
import { subscriptionRoutes } from './subscriptionRoutes';
import { layerRoutes } from './layerRoutes';
import { apiKeyRoutes } from './apiKeyRoutes';
import { parcelListRoutes } from './parcelListRoutes';
import { listAlertRoutes } from './listAlertRoutes';
import { exportJobRoutes } from './exportJobRoutes';
import { comparisonRoutes } from './comparisonRoutes';
import { siteRoutes } from './siteRoutes';
import { savedSearchRoutes } from './savedSearchRoutes';
import { mapPrintRoutes } from './mapPrintRoutes';
import { searchExportRoutes } from './parcels/searchExportRoutes';

/**
 * POST /v1/secure/user/authorize: the bearer is the single-sign-on token (any role: the map routes check
 * MAPUSER themselves); the reply is a main-server token and the profile (spec §7).
 */
async function authorizeRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(accountErrorHandler);
  app.post(
    '/user/authorize',
    { preHandler: requireRole(ctx, null, 'sso', { duringTwoFactorSetup: true }) },
    (request) => {
      const { id, sessionId } = authUser(request);
      return ctx.accounts.authorize(id, sessionId);
    },
  );
}

/** The main-server API under /v1/secure (spec §7), minus payment. */
export async function mainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Load the in-memory search columns at start (seconds for the whole country), not on the first search.
  app.addHook('onReady', async () => {
    await ctx.parcels.hasDataset();
  });
  await app.register(namedScope('authorizeRoute', (scope) => authorizeRoute(scope, ctx)));
  await app.register(namedScope('lookupRoutes', (scope) => lookupRoutes(scope, ctx)));
  // Search, parcel details and vector tiles under /v1/secure/maps.
  await app.register(
    namedScope('parcelMapRoutes', async (scope) => {
      await parcelSearchRoutes(scope, ctx);
      await parcelDetailRoutes(scope, ctx);
      await parcelTileRoutes(scope, ctx);
      await layerRoutes(scope, ctx);
      await searchExportRoutes(scope, ctx);
    }),
  );
  await app.register(namedScope('subscriptionRoutes', (scope) => subscriptionRoutes(scope, ctx)));
  await app.register(namedScope('pushSubscriptionRoutes', (scope) => pushSubscriptionRoutes(scope, ctx)));
  await app.register(namedScope('reportRoutes', (scope) => reportRoutes(scope, ctx)));
  await app.register(namedScope('couponAdminRoutes', (scope) => couponAdminRoutes(scope, ctx)));
  await app.register(namedScope('preferenceRoutes', (scope) => preferenceRoutes(scope, ctx)));
  await app.register(namedScope('fileItemRoutes', (scope) => fileItemRoutes(scope, ctx)));
  await app.register(namedScope('cadastreUploadRoutes', (scope) => cadastreUploadRoutes(scope, ctx)));
  await app.register(namedScope('apiKeyRoutes', (scope) => apiKeyRoutes(scope, ctx)));
  await app.register(namedScope('parcelListRoutes', (scope) => parcelListRoutes(scope, ctx)));
  await app.register(namedScope('listAlertRoutes', (scope) => listAlertRoutes(scope, ctx)));
  await app.register(namedScope('exportJobRoutes', (scope) => exportJobRoutes(scope, ctx)));
  await app.register(namedScope('comparisonRoutes', (scope) => comparisonRoutes(scope, ctx)));
  await app.register(namedScope('siteRoutes', (scope) => siteRoutes(scope, ctx)));
  await app.register(namedScope('savedSearchRoutes', (scope) => savedSearchRoutes(scope, ctx)));
  await app.register(namedScope('mapPrintRoutes', (scope) => mapPrintRoutes(scope, ctx)));
}
