import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import type { FreeDetailForm } from '../../../services/parcelDetails/ParcelDetailReplies';
import { QUOTA_DENIED_STATUS, quotaDenial } from './parcelReplies';

const paramsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 40 } },
} as const;

export const PARCEL_NOT_FOUND = 'No results found';
/** What fastify labels a serialised object with: the text replies say the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

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

  // The free replies come as JSON text, made off the event loop where there are search workers (ADR 044).
  for (const form of ['objects', 'summary'] satisfies FreeDetailForm[])
    app.get<{ Params: { id: string } }>(
      `/maps/prcid/:id/${form}`,
      { preHandler: guard, schema: { params: paramsSchema } },
      async (request, reply) => {
        const text = await ctx.parcelDetailReplies.replyText(request.params.id.trim().toUpperCase(), form);
        if (text === null) return reply.code(404).send(notFound);
        return reply.type(JSON_TYPE).send(text);
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
