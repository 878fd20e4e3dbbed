import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import { QUOTA_DENIED_STATUS, quotaDenial, toBasicObjectsResponse, toParcelSummary } from './parcelReplies';

const paramsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 40 } },
} as const;

export const PARCEL_NOT_FOUND = 'No results found';

/**
 * maps/prcid/:id/objects (the basic fields of the parcel and its buildings, free), …/summary (the map's
 * hover popup: number, address, area and zone, free), …/objects-full
 * (every field + canton; counts one full view per parcel and period, as report downloads are counted: a
 * parcel opened again, from its card or the map, is free) and maps/data-quality (demo vs imported parcels).
 */
export async function parcelDetailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { parcels } = ctx;
  const guard = requireRole(ctx);
  const notFound = { error: true, errorMessage: PARCEL_NOT_FOUND, message: PARCEL_NOT_FOUND };

  app.get<{ Params: { id: string } }>(
    '/maps/prcid/:id/objects',
    { preHandler: guard, schema: { params: paramsSchema } },
    async (request, reply) => {
      const detail = await parcels.parcel(request.params.id.trim().toUpperCase());
      if (!detail) return reply.code(404).send(notFound);
      return toBasicObjectsResponse(detail.parcel, detail.objects);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/maps/prcid/:id/summary',
    { preHandler: guard, schema: { params: paramsSchema } },
    async (request, reply) => {
      const detail = await parcels.parcel(request.params.id.trim().toUpperCase());
      if (!detail) return reply.code(404).send(notFound);
      return toParcelSummary(detail.parcel);
    },
  );

  // How much of the data is demo data: the map's "Demo data" badge (free, like the map itself).
  app.get('/maps/data-quality', { preHandler: guard }, async () => parcels.dataQuality());

  app.get<{ Params: { id: string } }>(
    '/maps/prcid/:id/objects-full',
    { preHandler: guard, schema: { params: paramsSchema } },
    async (request, reply) => {
      const user = authUser(request);
      const outcome = await ctx.unitOfWork(async () => {
        const detail = await parcels.parcel(request.params.id.trim().toUpperCase());
        if (!detail) return { missing: true as const };
        const denied = await quotaDenial(ctx, user.id, 'full_view', detail.parcel.PRC_ID);
        return denied ? { denied } : { detail };
      });
      if ('missing' in outcome) return reply.code(404).send(notFound);
      if (outcome.denied) return reply.code(QUOTA_DENIED_STATUS).send(outcome.denied);
      const { parcel, objects, canton } = outcome.detail;
      return { feature: parcel, objects, canton };
    },
  );
}
