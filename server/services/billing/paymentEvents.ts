import type { EventEmitter } from 'node:events';
import type { Plan } from '../../../src/contract/Subscription';
import type { Stores } from '../../store/contract/Stores';
import type { SubscriptionRecord } from '../../store/contract/subscriptions/SubscriptionRepository';
import { addMonths } from '../quota/subscriptionPeriod';
import type { PaymentEvent } from './PaymentProvider';

/**
 * Stripe's SDK (some 200 modules), loaded with the first payment event or Stripe checkout rather than with the
 * server: most servers and test processes never need it.
 */
export async function loadStripe(): Promise<typeof import('stripe').default> {
  return (await import('stripe')).default;
}

/** The value at a dotted path ("items.data.0.price.lookup_key") of a parsed JSON object, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The first of the paths that holds a non-empty string (Stripe ids may also come as expanded objects). */
export function stringAt(source: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    const value = valueAt(source, path);
    if (typeof value === 'string' && value !== '') return value;
    const id = valueAt(value, 'id');
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

/** The first of the paths that holds a finite number. */
export function numberAt(source: unknown, ...paths: string[]): number | null {
  for (const path of paths) {
    const value = valueAt(source, path);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/** The repositories a payment event changes. */
export type FulfilmentStores = Pick<
  Stores,
  'plans' | 'subscriptions' | 'paymentEvents' | 'checkoutSessions' | 'unitOfWork'
>;

export interface FulfilmentResult {
  /** The event id was processed before: nothing changed. */
  duplicate: boolean;
  /** Users whose subscription changed (for the 'plan-changed' push). */
  changedUsers: string[];
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function limitsOf(plan: Plan): SubscriptionRecord['limits'] {
  return {
    advance_search: plan.limits.max_advance_search,
    full_view: plan.limits.max_full_view,
    report_download: plan.limits.max_report_download,
  };
}

/**
 * Applies one verified provider event to the subscriptions, exactly once per event id: the id is recorded
 * in the same transaction as the change, so a redelivered event (providers retry) changes nothing.
 * Unknown types and events about unknown subscriptions are recorded and ignored.
 */
export function fulfilPaymentEvent(
  stores: FulfilmentStores,
  provider: string,
  event: PaymentEvent,
): Promise<FulfilmentResult> {
  const { plans, subscriptions, paymentEvents: events, checkoutSessions: checkouts, unitOfWork } = stores;
  const object = event.data.object;

  async function checkoutCompleted(): Promise<string[]> {
    const userId = stringAt(object, 'client_reference_id', 'metadata.userId');
    const plan = await plans.byLookupKey(stringAt(object, 'metadata.lookup_key') ?? '');
    const paid = ['paid', 'no_payment_required'].includes(stringAt(object, 'payment_status') ?? 'paid');
    if (!userId || !plan || !paid) return [];
    const start = new Date(event.created * 1000);
    await subscriptions.save({
      userId,
      planId: plan.id,
      product: plan.name,
      status: 'active',
      periodStart: start.toISOString(),
      periodEnd: addMonths(start, plan.interval_count).toISOString(),
      intervalMonths: plan.interval_count,
      cancelAtPeriodEnd: false,
      limits: limitsOf(plan),
      provider,
      providerCustomerId: stringAt(object, 'customer'),
      providerSubscriptionId: stringAt(object, 'subscription'),
    });
    const sessionId = stringAt(object, 'id');
    if (sessionId) await checkouts.close(sessionId, 'complete');
    return [userId];
  }

  async function invoicePaid(): Promise<string[]> {
    const subscriptionId = stringAt(object, 'parent.subscription_details.subscription', 'subscription');
    const current = subscriptionId ? await subscriptions.byProviderSubscriptionId(subscriptionId) : null;
    const start = numberAt(object, 'lines.data.0.period.start', 'period_start');
    const end = numberAt(object, 'lines.data.0.period.end', 'period_end');
    if (!current || start === null || end === null) return [];
    await subscriptions.save({ ...current, status: 'active', periodStart: iso(start), periodEnd: iso(end) });
    return [current.userId];
  }

  async function subscriptionUpdated(): Promise<string[]> {
    const current = await subscriptions.byProviderSubscriptionId(stringAt(object, 'id') ?? '');
    if (!current) return [];
    const start = numberAt(object, 'items.data.0.current_period_start', 'current_period_start');
    const end = numberAt(object, 'items.data.0.current_period_end', 'current_period_end');
    const plan = await plans.byLookupKey(stringAt(object, 'items.data.0.price.lookup_key') ?? '');
    const cancel = object.cancel_at_period_end;
    await subscriptions.save({
      ...current,
      status: stringAt(object, 'status') ?? current.status,
      cancelAtPeriodEnd: typeof cancel === 'boolean' ? cancel : current.cancelAtPeriodEnd,
      ...(start !== null && end !== null ? { periodStart: iso(start), periodEnd: iso(end) } : {}),
      ...(plan
        ? { planId: plan.id, product: plan.name, limits: limitsOf(plan), intervalMonths: plan.interval_count }
        : {}),
    });
    return [current.userId];
  }

  async function subscriptionDeleted(): Promise<string[]> {
    const current = await subscriptions.byProviderSubscriptionId(stringAt(object, 'id') ?? '');
    if (!current) return [];
    const endedAt = numberAt(object, 'ended_at') ?? event.created;
    await subscriptions.save({ ...current, status: 'canceled', periodEnd: iso(endedAt) });
    return [current.userId];
  }

  const handlers: Record<string, () => Promise<string[]>> = {
    'checkout.session.completed': checkoutCompleted,
    'invoice.paid': invoicePaid,
    'customer.subscription.updated': subscriptionUpdated,
    'customer.subscription.deleted': subscriptionDeleted,
  };

  return unitOfWork(async (): Promise<FulfilmentResult> => {
    if (!(await events.record(event.id, event.type))) return { duplicate: true, changedUsers: [] };
    return { duplicate: false, changedUsers: (await handlers[event.type]?.()) ?? [] };
  });
}

export class WebhookSignatureError extends Error {}

export interface WebhookDeps {
  stores: FulfilmentStores;
  events: EventEmitter;
  /** 'stripe' or 'test': recorded on the subscriptions it creates. */
  provider: string;
  webhookSecret: string;
}

/**
 * The one way a payment changes a subscription: verify the Stripe-style signature over the raw body,
 * then fulfil once per event id. Both Stripe's webhook and the built-in test checkout come through here.
 */
export async function processWebhook(
  deps: WebhookDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<FulfilmentResult> {
  let event: PaymentEvent;
  // Stripe's static verifier needs no API key; it checks the HMAC-SHA256 and the timestamp tolerance.
  const Stripe = await loadStripe();
  try {
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
    typeof event.created !== 'number' ||
    !Number.isFinite(event.created) ||
    typeof event.data?.object !== 'object'
  ) {
    throw new WebhookSignatureError('Webhook payload is not an event');
  }
  const result = await fulfilPaymentEvent(deps.stores, deps.provider, event);
  for (const userId of result.changedUsers) {
    deps.events.emit('plan-changed', { userId });
    deps.events.emit('usage-changed', { userId });
  }
  return result;
}

/** The webhook path with its dependencies bound: what the payment routes and the test checkout call. */
export interface PaymentWebhooks {
  readonly webhookSecret: string;
  process(rawBody: Buffer | string, signature: string | undefined): Promise<FulfilmentResult>;
}

export function createPaymentWebhooks(deps: WebhookDeps): PaymentWebhooks {
  return {
    webhookSecret: deps.webhookSecret,
    process: (rawBody, signature) => processWebhook(deps, rawBody, signature),
  };
}
