import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../AppContext';
import type {
  PushSubscriptionRequest,
  PushSubscriptionSaved,
  PushSubscriptionsResponse,
  PushTestRequest,
  PushTestResponse,
} from '../../../src/contract/PushNotifications';
import { ACCESS_DENIED, authUser, requireRole } from '../../http/requireRole';
import { PUSH_MESSAGES, PushError } from '../../services/push/NotificationService';
import { requestLanguage } from '../sso/requestFields';

/** Push service endpoints are URLs of a few hundred characters; the keys are 65 and 16 bytes in base64url. */
const endpointSchema = { type: 'string', minLength: 9, maxLength: 2048, pattern: '^https://' };

const subscriptionSchema = {
  type: 'object',
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: endpointSchema,
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', minLength: 80, maxLength: 100 },
        auth: { type: 'string', minLength: 16, maxLength: 30 },
      },
    },
  },
} as const;

const usernameSchema = { type: 'string', minLength: 1, maxLength: 254 };

/** The body's username must be the signed-in user's (spec §7 sends it): anything else is someone else's. */
function checkUsername(request: FastifyRequest, username: string): void {
  if (username.trim().toLowerCase() !== authUser(request).username.toLowerCase()) {
    throw new PushError(403, ACCESS_DENIED);
  }
}

/**
 * Web push subscriptions of spec §7 under /v1/secure/settings: `GET push-subscription` (the server's
 * public key and the user's devices), `POST push-subscription` (subscribe this device, or unsubscribe it
 * with `subscription: null` and its `endpoint`), `POST push-subscription/test` (a test notification to
 * this device).
 */
export async function pushSubscriptionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = requireRole(ctx);

  app.get<{ Reply: PushSubscriptionsResponse }>(
    '/settings/push-subscription',
    { preHandler: guard },
    async (request) => ({
      publicKey: ctx.notifications.publicKey,
      subscriptions: await ctx.notifications.devices(authUser(request).id),
    }),
  );

  app.post<{ Body: PushSubscriptionRequest; Reply: PushSubscriptionSaved }>(
    '/settings/push-subscription',
    {
      preHandler: guard,
      schema: {
        body: {
          type: 'object',
          required: ['subscription', 'username'],
          properties: {
            subscription: { anyOf: [{ type: 'null' }, subscriptionSchema] },
            endpoint: endpointSchema,
            username: usernameSchema,
          },
        },
      },
    },
    async (request) => {
      const { subscription, endpoint, username } = request.body;
      checkUsername(request, username);
      const user = authUser(request);
      if (subscription === null) {
        if (!endpoint) throw new PushError(400, 'body field endpoint is required to unsubscribe');
        await ctx.notifications.unsubscribe(user.id, endpoint);
        return { success: true, subscribed: false };
      }
      await ctx.notifications.subscribe(
        {
          userId: user.id,
          sessionId: user.sessionId ?? null,
          userAgent: request.headers['user-agent'] ?? '',
        },
        subscription,
      );
      return { success: true, subscribed: true };
    },
  );

  app.post<{ Body: PushTestRequest; Reply: PushTestResponse | { error: true; message: string } }>(
    '/settings/push-subscription/test',
    {
      preHandler: guard,
      schema: {
        body: {
          type: 'object',
          required: ['subscription', 'username'],
          properties: { subscription: subscriptionSchema, username: usernameSchema },
        },
      },
    },
    async (request, reply) => {
      const { subscription, username } = request.body;
      checkUsername(request, username);
      const report = await ctx.notifications.sendTest(
        authUser(request).id,
        subscription.endpoint,
        requestLanguage(request),
      );
      if (report.delivered > 0) return { success: true, message: PUSH_MESSAGES.testSent };
      if (report.gone > 0) return reply.code(410).send({ error: true, message: PUSH_MESSAGES.gone });
      return reply.code(502).send({ error: true, message: PUSH_MESSAGES.failed });
    },
  );
}
