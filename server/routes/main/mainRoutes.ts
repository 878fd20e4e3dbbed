import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { authorizeRoute } from './user/authorizeRoute';
import { lookupRoutes } from './lookups/lookupRoutes';
import { parcelRoutes } from './parcels/parcelRoutes';
import { subscriptionRoutes } from './subscriptions/subscriptionRoutes';

/** The main-server API under /v1/secure (spec §7), minus payment. */
export async function mainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => authorizeRoute(scope, ctx));
  await app.register(async (scope) => lookupRoutes(scope, ctx));
  await app.register(async (scope) => parcelRoutes(scope, ctx));
  await app.register(async (scope) => subscriptionRoutes(scope, ctx));
}
