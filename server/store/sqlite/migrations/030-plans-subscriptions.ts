import type { Migration } from './Migration';
import { seedPlans } from '../subscriptions/seedPlans';
/**
 * Plans, one subscription row per user, usage counted per user, period and quota kind, and the payment
 * records that make fulfilment idempotent (webhook event ids) and let the built-in test checkout and
 * portal work like a hosted provider. user_id is the token's `sub`; there is deliberately no foreign key
 * to the accounts tables (owned and migrated separately).
 */
export const plansSubscriptionsMigration: Migration = {
  version: 30,
  name: 'plans-subscriptions',
  up(db) {
    db.exec(`
      CREATE TABLE plans (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        details TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
        currency TEXT NOT NULL,
        tax_perc REAL NOT NULL,
        interval TEXT NOT NULL,
        interval_count INTEGER NOT NULL CHECK (interval_count > 0),
        max_advance_search INTEGER NOT NULL,
        max_full_view INTEGER NOT NULL,
        max_report_download INTEGER NOT NULL,
        provider_plan_id TEXT NOT NULL,
        lookup_key TEXT NOT NULL UNIQUE,
        sort_order INTEGER NOT NULL,
        active INTEGER NOT NULL DEFAULT 1
      );
      CREATE TABLE subscriptions (
        user_id TEXT PRIMARY KEY,
        plan_id TEXT REFERENCES plans(id),
        product TEXT NOT NULL,
        status TEXT NOT NULL,
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        interval_months INTEGER NOT NULL,
        cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
        limit_advance_search INTEGER NOT NULL,
        limit_full_view INTEGER NOT NULL,
        limit_report_download INTEGER NOT NULL,
        provider TEXT NOT NULL,
        provider_customer_id TEXT,
        provider_subscription_id TEXT UNIQUE,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE usage_counters (
        user_id TEXT NOT NULL,
        period_start TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('advance_search', 'full_view', 'report_download')),
        used INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
        PRIMARY KEY (user_id, period_start, kind)
      );
      CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE TABLE checkout_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        email TEXT NOT NULL,
        plan_id TEXT NOT NULL REFERENCES plans(id),
        amount_cents INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE portal_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        return_url TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
    `);
    seedPlans(db);
  },
};
