import type { SchemaTypes } from './SharedMigration';

/**
 * The statements of the plans-and-payments migrations both adapters run (ADR 058). They are not one
 * shared step each because PostgreSQL's migration 30 folds in what SQLite added later (migration 50's
 * counted requests, migration 51's checkout coupon column): each adapter's 30, 50 and 51 put these pieces
 * together as it always ran them, so neither schema changes.
 */

/**
 * Plans, one subscription row per user, usage counted per user, period and quota kind, and the payment
 * records that make fulfilment idempotent (webhook event ids) and let the built-in test checkout and
 * portal work like a hosted provider. user_id is the token's `sub`; there is deliberately no foreign key
 * to the accounts tables (owned and migrated separately). Flags stay 0/1 integers and dates ISO text, so
 * both adapters read one row shape.
 */
export const plansSubscriptionsSql = (t: SchemaTypes) => `
  CREATE TABLE plans (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    details TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    currency TEXT NOT NULL,
    tax_perc ${t.real} NOT NULL,
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
  `;

/**
 * The distinct requests a quota has counted in a period: an advanced search counts once per distinct
 * filter set per period, so paging through its results, or running it again, is free. The key is a hash
 * of the canonical filter set (server/services/quota/searchFingerprint.ts); a row is written in the same
 * transaction as the usage counter it stands for.
 */
export const countedRequestsSql = (t: SchemaTypes) => `
  CREATE TABLE counted_requests (
    user_id TEXT NOT NULL,
    period_start TEXT NOT NULL,
    kind TEXT NOT NULL,
    request_key TEXT NOT NULL,
    counted_at TEXT NOT NULL,
    PRIMARY KEY (user_id, period_start, kind, request_key)
  )${t.withoutRowid};
  `;

/**
 * Coupons of the built-in payment provider: percent or amount off, an optional expiry and usage cap.
 * `redeemed` only grows through one conditional UPDATE, so the cap holds under concurrent checkouts.
 */
export const COUPONS_SQL = `
  CREATE TABLE coupons (
    code TEXT PRIMARY KEY,
    percent_off INTEGER CHECK (percent_off BETWEEN 1 AND 100),
    amount_off_cents INTEGER CHECK (amount_off_cents > 0),
    expires_at TEXT,
    max_redemptions INTEGER CHECK (max_redemptions > 0),
    redeemed INTEGER NOT NULL DEFAULT 0 CHECK (redeemed >= 0),
    active INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
  );
  `;

/** A checkout remembers the code it was priced with; its `amount_cents` is the discounted price. */
export const CHECKOUT_COUPON_SQL = 'ALTER TABLE checkout_sessions ADD COLUMN coupon_code TEXT;';
