import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';

/** How soon a load balancer or orchestrator should ask again after a 503. */
const RETRY_AFTER_SECONDS = 10;

/**
 * `GET /readyz`: 200 `{status: 'ok'}` when this instance can serve, else 503
 * `{status: 'not ready', reasons: [...]}` (the database unreachable, migrations pending, the dataset being
 * built, the disk full, the mail transport not verified). `/healthz` stays liveness: the process answers.
 */
export async function readinessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/readyz', async (_request, reply) => {
    const { ready, reasons } = await ctx.operations.readiness.check();
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ok' };
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ status: 'not ready', reasons });
  });
}
