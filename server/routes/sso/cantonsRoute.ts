import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { createSqliteParcelRepository } from '../../store/parcels/createSqliteParcelRepository';

const schema = {
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: { _id: { type: 'string' }, code: { type: 'string' }, urlOREB: { type: 'string' } },
      },
    },
  },
} as const;

/** Public GET /api/user/cantons: every canton with its ÖREB cadastre portal (spec §3, §7). */
export async function cantonsRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parcels = createSqliteParcelRepository(ctx.db);
  app.get('/api/user/cantons', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return parcels.cantons().map(({ _id, code, urlOREB }) => ({ _id, code, urlOREB }));
  });
}
