import type { PostgresMigration } from './PostgresMigration';

/** Web push subscriptions, one row per browser endpoint (SQLite migration 45). */
export const pushSubscriptionsMigration: PostgresMigration = {
  version: 45,
  name: 'push-subscriptions',
  sql: `
    CREATE TABLE push_subscriptions (
      endpoint TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      session_id TEXT,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      device TEXT NOT NULL DEFAULT '',
      created_at BIGINT NOT NULL
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);
    CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);
  `,
};
