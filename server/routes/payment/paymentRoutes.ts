import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { WebhookSignatureError } from '../../services/billing/paymentEvents';
import { checkoutRoutes } from './checkoutRoutes';
import { checkoutStatusRoutes } from './checkoutStatusRoutes';
import { couponRoutes } from './couponRoutes';
import { testCheckoutRoutes } from './testCheckoutRoutes';
import { createTestPageGrants } from './testPageGrant';
import { ERROR_REPLY_SCHEMA } from '../../http/registerErrorHandling';
import { namedScope } from '../../http/namedScope';

/**
 * The payment API under /v1/secure/payment (spec §7): checkout, portal and webhook; the test pages only
 * when Stripe is not configured.
 */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const grants = createTestPageGrants(ctx.config.jwtSecret, ctx.config.publicUrl.startsWith('https:'));
  await app.register(namedScope('checkoutRoutes', (scope) => checkoutRoutes(scope, ctx, grants)));
  await app.register(namedScope('checkoutStatusRoutes', (scope) => checkoutStatusRoutes(scope, ctx)));
  await app.register(namedScope('couponRoutes', (scope) => couponRoutes(scope, ctx)));
  await app.register(namedScope('webhookRoutes', (scope) => webhookRoutes(scope, ctx)));
  if (ctx.payments.provider.name === 'test')
    await app.register(namedScope('testCheckoutRoutes', (scope) => testCheckoutRoutes(scope, ctx, grants)));
}

/**
 * `POST /v1/secure/payment/webhook`: provider events. Registered in its own encapsulated plugin so the
 * raw-body parser below applies to this route only: the signature is over the exact bytes received.
 */
async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Body: Buffer; Headers: { 'stripe-signature': string } }>(
    '/webhook',
    {
      schema: {
        headers: {
          type: 'object',
          required: ['stripe-signature'],
          properties: { 'stripe-signature': { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
          },
          '4xx': ERROR_REPLY_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        return reply.code(400).send({ error: true, message: 'Webhook body is missing' });
      try {
        const result = await ctx.payments.webhooks.process(request.body, request.headers['stripe-signature']);
        return { received: true, duplicate: result.duplicate };
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          return reply.code(400).send({ error: true, message: error.message });
        throw error;
      }
    },
  );
}
