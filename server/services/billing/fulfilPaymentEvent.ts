import type { Database } from 'better-sqlite3';
import type { Plan } from '../../../src/contract/Subscription';
import { createPlanRepository } from '../../store/subscriptions/PlanRepository';
import { createSubscriptionRepository, type SubscriptionRecord } from '../../store/subscriptions/SubscriptionRepository';
import { createPaymentEventRepository, createCheckoutSessionRepository } from '../../store/subscriptions/PaymentRepositories';
import { addMonths } from '../quota/addMonths';
import type { PaymentEvent } from './PaymentEvent';
import { numberAt, stringAt } from './valueAt';

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
export function fulfilPaymentEvent(db: Database, provider: string, event: PaymentEvent): FulfilmentResult {
  const plans = createPlanRepository(db);
  const subscriptions = createSubscriptionRepository(db);
  const events = createPaymentEventRepository(db);
  const checkouts = createCheckoutSessionRepository(db);
  const object = event.data.object;

  function checkoutCompleted(): string[] {
    const userId = stringAt(object, 'client_reference_id', 'metadata.userId');
    const plan = plans.byLookupKey(stringAt(object, 'metadata.lookup_key') ?? '');
    const paid = ['paid', 'no_payment_required'].includes(stringAt(object, 'payment_status') ?? 'paid');
    if (!userId || !plan || !paid) return [];
    const start = new Date(event.created * 1000);
    subscriptions.save({
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
    if (sessionId) checkouts.close(sessionId, 'complete');
    return [userId];
  }

  function invoicePaid(): string[] {
    const subscriptionId = stringAt(object, 'parent.subscription_details.subscription', 'subscription');
    const current = subscriptionId ? subscriptions.byProviderSubscriptionId(subscriptionId) : null;
    const start = numberAt(object, 'lines.data.0.period.start', 'period_start');
    const end = numberAt(object, 'lines.data.0.period.end', 'period_end');
    if (!current || start === null || end === null) return [];
    subscriptions.save({ ...current, status: 'active', periodStart: iso(start), periodEnd: iso(end) });
    return [current.userId];
  }

  function subscriptionUpdated(): string[] {
    const current = subscriptions.byProviderSubscriptionId(stringAt(object, 'id') ?? '');
    if (!current) return [];
    const start = numberAt(object, 'items.data.0.current_period_start', 'current_period_start');
    const end = numberAt(object, 'items.data.0.current_period_end', 'current_period_end');
    const plan = plans.byLookupKey(stringAt(object, 'items.data.0.price.lookup_key') ?? '');
    const cancel = object.cancel_at_period_end;
    subscriptions.save({
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

  function subscriptionDeleted(): string[] {
    const current = subscriptions.byProviderSubscriptionId(stringAt(object, 'id') ?? '');
    if (!current) return [];
    const endedAt = numberAt(object, 'ended_at') ?? event.created;
    subscriptions.save({ ...current, status: 'canceled', periodEnd: iso(endedAt) });
    return [current.userId];
  }

  const handlers: Record<string, () => string[]> = {
    'checkout.session.completed': checkoutCompleted,
    'invoice.paid': invoicePaid,
    'customer.subscription.updated': subscriptionUpdated,
    'customer.subscription.deleted': subscriptionDeleted,
  };

  return db.transaction((): FulfilmentResult => {
    if (!events.record(event.id, event.type)) return { duplicate: true, changedUsers: [] };
    return { duplicate: false, changedUsers: handlers[event.type]?.() ?? [] };
  })();
}
