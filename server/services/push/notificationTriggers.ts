import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { QUOTA_THRESHOLD_REACHED, type QuotaThreshold, type SubscriptionReader } from '../quota/QuotaService';
import { SESSIONS_REVOKED } from '../sessions/SessionService';
import type { NotificationContent } from './notificationTexts';
import type { NotificationService } from './NotificationService';

export interface NotificationTriggerDeps {
  events: EventEmitter;
  notifications: NotificationService;
  subscriptions: SubscriptionReader;
  log: FastifyBaseLogger;
}

/**
 * What gets pushed (ADR 015): a plan change (the payment webhooks emit 'plan-changed') and a quota at 80 %
 * and 100 % (the quota service emits QUOTA_THRESHOLD_REACHED). A revoked session (logout, password change)
 * stops the pushes to the devices it subscribed.
 */
export function addNotificationTriggers({
  events,
  notifications,
  subscriptions,
  log,
}: NotificationTriggerDeps): void {
  const send = (userId: string, content: NotificationContent) => {
    notifications.notify(userId, content).catch((error: unknown) => {
      log.warn({ err: error, kind: content.kind }, 'a notification could not be sent');
    });
  };
  // A purchase reaches us as several provider events (checkout completed, invoice paid, subscription
  // updated), and a renewal changes only dates: tell the user only when product or status changed.
  const lastPlan = new LRUCache<string, string>({ max: 10_000 });
  const announcePlan = async (userId: string) => {
    const current = await subscriptions.current(userId);
    const signature = current ? `${current.plan.product}|${current.status}` : 'none';
    if (lastPlan.get(userId) === signature) return;
    lastPlan.set(userId, signature);
    send(userId, { kind: 'plan-changed', product: current?.plan.product ?? null });
  };
  events.on('plan-changed', ({ userId }: { userId: string }) => {
    announcePlan(userId).catch((error: unknown) => {
      log.warn({ err: error, kind: 'plan-changed' }, 'a notification could not be sent');
    });
  });
  events.on(QUOTA_THRESHOLD_REACHED, ({ userId, kind, percent, used, limit }: QuotaThreshold) => {
    send(userId, { kind: percent === 100 ? 'quota-100' : 'quota-80', quota: kind, used, limit });
  });
  events.on(SESSIONS_REVOKED, ({ sessionIds }: { sessionIds: string[] }) => {
    notifications.forgetSessions(sessionIds).catch((error: unknown) => {
      log.warn({ err: error }, 'the push subscriptions of revoked sessions could not be removed');
    });
  });
}
