import type { FastifyInstance } from 'fastify';
import { processWebhook, WebhookSignatureError, type WebhookDeps } from '../../services/billing/processWebhook';

/**
 * `POST /v1/secure/payment/webhook`: provider events. Registered in its own encapsulated plugin so the
 * raw-body parser below applies to this route only: the signature is over the exact bytes received.
 */
export async function webhookRoutes(app: FastifyInstance, deps: WebhookDeps): Promise<void> {
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
          '4xx': { type: 'object', properties: { error: { type: 'boolean' }, message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        return reply.code(400).send({ error: true, message: 'Webhook body is missing' });
      try {
        const result = processWebhook(deps, request.body, request.headers['stripe-signature']);
        return { received: true, duplicate: result.duplicate };
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          return reply.code(400).send({ error: true, message: error.message });
        throw error;
      }
    },
  );
}
