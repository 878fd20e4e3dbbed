import { randomId } from './randomId';
import type { PaymentEvent } from './PaymentEvent';

/** A Stripe-shaped event as the built-in test checkout sends it to the webhook path. */
export function buildTestEvent(
  type: string,
  object: Record<string, unknown>,
  now: Date = new Date(),
): PaymentEvent {
  return {
    id: randomId('evt_test_'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
  };
}
