import type { Database } from 'better-sqlite3';
import type { EventEmitter } from 'node:events';
import Stripe from 'stripe';
import { fulfilPaymentEvent, type FulfilmentResult } from './fulfilPaymentEvent';
import type { PaymentEvent } from './PaymentEvent';

export class WebhookSignatureError extends Error {}

export interface WebhookDeps {
  db: Database;
  events: EventEmitter;
  /** 'stripe' or 'test': recorded on the subscriptions it creates. */
  provider: string;
  webhookSecret: string;
}

/**
 * The one way a payment changes a subscription: verify the Stripe-style signature over the raw body,
 * then fulfil once per event id. Both Stripe's webhook and the built-in test checkout come through here.
 */
export function processWebhook(
  deps: WebhookDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): FulfilmentResult {
  let event: PaymentEvent;
  try {
    // Stripe's static verifier needs no API key; it checks the HMAC-SHA256 and the timestamp tolerance.
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      deps.webhookSecret,
    ) as unknown as PaymentEvent;
  } catch {
    throw new WebhookSignatureError('Webhook signature verification failed');
  }
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.data?.object !== 'object'
  ) {
    throw new WebhookSignatureError('Webhook payload is not an event');
  }
  const result = fulfilPaymentEvent(deps.db, deps.provider, event);
  for (const userId of result.changedUsers) {
    deps.events.emit('plan-changed', { userId });
    deps.events.emit('usage-changed', { userId });
  }
  return result;
}
