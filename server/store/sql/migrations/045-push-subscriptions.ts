import type { SharedMigration } from './SharedMigration';

/**
 * Web push subscriptions, one row per browser (device): the endpoint is the push service's address of that
 * browser, so it is unique; a second user signing in on the same browser takes the row over. The sign-in
 * session that subscribed is kept so a logout (session revoked) stops the pushes to that browser.
 * Times are epoch milliseconds.
 */
export const pushSubscriptionsMigration: SharedMigration = {
  version: 45,
  name: 'push-subscriptions',
  sql: (t) => `
    CREATE TABLE push_subscriptions (
      endpoint TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      session_id TEXT,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      device TEXT NOT NULL DEFAULT '',
      created_at ${t.bigint} NOT NULL
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at);
    CREATE INDEX push_subscriptions_session ON push_subscriptions(session_id);
  `,
};
