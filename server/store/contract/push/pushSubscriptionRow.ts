import type { PushSubscriptionRecord } from './PushSubscriptionStore';

/** A `push_subscriptions` row as both adapters read it. */
export interface PushSubscriptionRow {
  endpoint: string;
  user_id: string;
  session_id: string | null;
  p256dh: string;
  auth: string;
  device: string;
  created_at: number;
}

export const toPushSubscriptionRecord = (row: PushSubscriptionRow): PushSubscriptionRecord => ({
  endpoint: row.endpoint,
  userId: row.user_id,
  sessionId: row.session_id,
  p256dh: row.p256dh,
  auth: row.auth,
  device: row.device,
  createdAt: row.created_at,
});
