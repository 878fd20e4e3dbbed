import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { unsubscribedPage } from '../../services/mail/unsubscribedPage';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const unsubscribeSchema = {
  querystring: {
    type: 'object',
    required: ['list', 'user', 'sig'],
    properties: { list: id, user: id, sig: { type: 'string', minLength: 1, maxLength: 100 } },
  },
} as const;

/**
 * The one-click unsubscribe of a list alert mail (`GET lists/alerts/unsubscribe?list&user&sig`): no
 * session, the link's signature for that list and person is the permission, and all it does is mute that
 * list's alerts for that person. The page says so in the four interface languages (no session to know
 * which); a wrong or foreign signature is 400.
 */
export async function listAlertRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = unsubscribedPage(ctx.translator, 'server.listAlertMail.unsubscribed');

  app.get<{ Querystring: { list: string; user: string; sig: string } }>(
    '/lists/alerts/unsubscribe',
    { schema: unsubscribeSchema },
    async (request, reply) => {
      const { list, user, sig } = request.query;
      if (!(await ctx.listFactAlerts.unsubscribe(list, user, sig)))
        return reply.code(400).send({ error: true, message: 'This unsubscribe link is not valid' });
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
