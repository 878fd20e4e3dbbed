/** One browser's push subscription as the store keeps it (times in epoch milliseconds). */
export interface PushSubscriptionRecord {
  endpoint: string;
  userId: string;
  /** The sign-in session that subscribed (its logout stops the pushes); null when unknown. */
  sessionId: string | null;
  p256dh: string;
  auth: string;
  /** The browser's user-agent line, shortened. */
  device: string;
  createdAt: number;
}

/** The push subscriptions repository: one row per browser endpoint, per user and device. */
export interface PushSubscriptionStore {
  /** Keeps the subscription of a browser, replacing whatever that endpoint held (another user's too). */
  save(record: PushSubscriptionRecord): Promise<void>;
  /** The user's subscriptions, oldest first. */
  listForUser(userId: string): Promise<PushSubscriptionRecord[]>;
  findForUser(userId: string, endpoint: string): Promise<PushSubscriptionRecord | null>;
  /** The subscription of an endpoint, whoever holds it. */
  findByEndpoint(endpoint: string): Promise<PushSubscriptionRecord | null>;
  /** Forgets one of the user's endpoints; false when the user had no such subscription. */
  removeForUser(userId: string, endpoint: string): Promise<boolean>;
  /** Forgets an endpoint whoever holds it (the push service answered 404/410: it is gone). */
  removeEndpoint(endpoint: string): Promise<void>;
  /** Forgets the subscriptions made in these sessions (they were revoked); returns how many. */
  removeForSessions(sessionIds: string[]): Promise<number>;
  /** Keeps only the user's `keep` newest subscriptions; returns how many were removed. */
  trimForUser(userId: string, keep: number): Promise<number>;
}
