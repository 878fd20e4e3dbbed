import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';

/** Everything the server reads from the environment, validated once at start. */
/**
 * The push services browsers subscribe with (Chrome/Edge via FCM, Firefox, Safari, Windows' WNS).
 * A pattern `*.example.com` matches every subdomain, never the bare name.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Which endpoints the server pushes to (config PUSH_SERVICE_HOSTS and PUSH_ALLOWED_ADDRESSES). */
export interface PushEndpointPolicy {
  /** Host names (or `*.` patterns) of the push services subscriptions may name. */
  hosts: readonly string[];
  /**
   * Addresses or CIDR ranges connected to although they are private, loopback or link-local (a push
   * service inside the operator's network; tests: their local receiver). Default none.
   */
  allowedAddresses: readonly string[];
}

/**
 * The default most vertices of one imported parcel: far above a real parcel's outline, few enough that
 * its validity check stays quick.
 */
export const MAX_VERTICES_PER_PARCEL = 20_000;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /**
   * The origin passkeys are bound to (its host name is the WebAuthn relying-party id): PASSKEY_ORIGIN, by
   * default PUBLIC_URL's origin. Browsers refuse IP addresses as RP ids, so a loopback test uses localhost.
   */
  passkeyOrigin: string;
  smtpUrl: string | null;
  /**
   * Whether the outbox (no SMTP_URL) logs each mail's link. Outside production yes, so a fresh install
   * works without a mail server; in production the server refuses to start without SMTP_URL unless
   * MAIL_OUTBOX=1, and then never logs the links (they carry single-use keys).
   */
  logMailLinks: boolean;
  jwtSecret: string;
  /** Lifetime of the single-sign-on and main-server tokens, seconds (spec §9: 31104000). */
  tokenTtlSeconds: number;
  /** A session not used for this many days ends (its tokens get 401), whatever the tokens' own expiry. */
  sessionIdleDays: number;
  /** Lifetimes of the mailed single-use keys, seconds: e-mail verification/activation, password reset, invitation. */
  keyTtlSeconds: { verification: number; reset: number; invite: number };
  /** Sender of account mails (MAIL_FROM). */
  mailFrom: string;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /**
   * Who takes payments (PAYMENT_PROVIDER): 'stripe' (needs the Stripe keys), 'test' (the built-in test
   * checkout: plans for free, never in production) or 'none' (checkout answers "payments are not
   * configured"). Default: stripe with keys, else test outside production, else none.
   */
  paymentProvider: PaymentProviderName;
  /** Web-push (VAPID) key pair, base64url: from the environment, else generated once and kept in DATA_DIR. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** Base URLs handed to the browser; empty string means "same origin". */
  clientUrls: { sso: string; main: string; payment: string; socket: string };
  /** Optional outside raster/vector base map style URL for the map view. */
  baseMapStyleUrl: string | null;
  /** The 3D-terrain layer's raster-dem tiles ({z}/{x}/{y} template) and their encoding; null: `off`. */
  terrainTilesUrl: string | null;
  terrainTilesEncoding: 'terrarium' | 'mapbox';
  /** The satellite layer's raster tiles ({z}/{x}/{y} template, Web Mercator); null: `off`. */
  satelliteTilesUrl: string | null;
  /** Cantons to build into the demo dataset on first start. */
  datasetCantons: string[];
  logLevel: string;
  /** 'pretty' (coloured lines), 'json' (one object a line) or 'auto': pretty when stdout is a terminal. */
  logFormat: LogFormat;
  distDir: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (default: the socket's address is the
   * client), a hop count, or the proxies' addresses/CIDR ranges. Rate limits key on the result.
   */
  trustProxy: false | number | string[];
  /** Most account mails (verification, reset) sent per hour by the whole server (ACCOUNT_MAILS_PER_HOUR). */
  accountMailsPerHour: number;
  /** argon2 hashes computed at once (PASSWORD_HASH_CONCURRENCY); the rest wait, so logins never starve the API. */
  passwordHashConcurrency: number;
  /** Worker threads that render tiles (WORKERS, default the CPU cores); 0 renders on the event loop. */
  workers: number;
  /**
   * Worker threads that answer parcel searches and free detail replies (SEARCH_WORKERS, default the CPU
   * cores on SQLite, the cores but one on PostgreSQL: defaultSearchWorkers); 0 searches on the event loop.
   * ADR 038, 063, 067.
   */
  searchWorkers: number;
  /** Most vertices one imported parcel may have (CADASTRE_MAX_VERTICES, default MAX_VERTICES_PER_PARCEL). */
  cadastreMaxVertices: number;
  /** Largest cadastre upload in MB (CADASTRE_MAX_UPLOAD_MB, default 1024); a larger one is refused while it arrives. */
  cadastreMaxUploadMb: number;
  /**
   * PostgreSQL instead of the embedded SQLite file (DATABASE_URL, `postgres://user:password@host:port/db`);
   * null = SQLite in DATA_DIR. Experimental: the server refuses to start while a repository has no
   * PostgreSQL adapter (server/store/postgres).
   */
  databaseUrl: string | null;
  /** Most PostgreSQL connections this instance opens (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /**
   * PostgreSQL cancels a statement running longer (DATABASE_STATEMENT_TIMEOUT_MS, default 30 s; 0: never),
   * so one runaway query cannot hold a pooled connection for good.
   */
  databaseStatementTimeoutMs: number;
  /**
   * Where web pushes may go: the push services' host names (PUSH_SERVICE_HOSTS, comma list, `*.` for
   * subdomains; default the browsers' own services) and private addresses allowed nonetheless
   * (PUSH_ALLOWED_ADDRESSES, addresses or CIDR ranges; default none).
   */
  pushEndpoints: PushEndpointPolicy;
  /** Less free space than this in DATA_DIR and /readyz answers 503 (MIN_FREE_DISK_MB, default 64 MB). */
  minFreeDiskBytes: number;
  /**
   * How long SIGTERM keeps serving before the server closes (SHUTDOWN_DRAIN_SECONDS, default 3): /readyz
   * answers 503 and every reply ends its keep-alive connection, so a proxy's pooled connections are gone
   * (it closes its idle ones itself, deploy/nginx.conf after 2 s) before the listener and the rest close.
   */
  shutdownDrainMs: number;
  /**
   * Who may read /metrics: with METRICS_TOKEN a scraper that sends it as a bearer token on the app's port;
   * with METRICS_PORT anyone who reaches that port (bound to METRICS_HOST, default HOST), which also asks
   * for the token when one is set. Neither: no metrics are served.
   */
  metrics: { token: string | null; port: number | null; host: string };
}

export class ConfigError extends Error {}

export const PAYMENT_PROVIDERS = ['stripe', 'test', 'none'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function url(env: Env, name: string, fallback: string): string {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  try {
    const parsed = new URL(raw);
    if (!['http:', 'https:', 'smtp:', 'smtps:'].includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (got "${raw}")`);
  }
  return raw.replace(/\/$/, '');
}

function pair(env: Env, a: string, b: string): [string | null, string | null] {
  const first = optional(env, a);
  const second = optional(env, b);
  if ((first === null) !== (second === null)) throw new ConfigError(`${a} and ${b} must be set together`);
  return [first, second];
}

/** PAYMENT_PROVIDER, checked against the Stripe keys and NODE_ENV (see Config.paymentProvider). */
function paymentProvider(env: Env, stripeConfigured: boolean): PaymentProviderName {
  const given = optional(env, 'PAYMENT_PROVIDER')?.toLowerCase() ?? null;
  if (given === null) {
    if (stripeConfigured) return 'stripe';
    return optional(env, 'NODE_ENV') === 'production' ? 'none' : 'test';
  }
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(given)) {
    throw new ConfigError(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')} (got "${given}")`);
  }
  if (given === 'stripe' && !stripeConfigured) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return given as PaymentProviderName;
}

/** An IPv4/IPv6 address, or a CIDR range such as 10.0.0.0/8. */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  const prefixOk =
    prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
  return family !== 0 && prefixOk && rest.length === 0;
}

/** TRUST_PROXY: empty/false = off, a hop count 1–10, or a comma list of IP addresses and CIDR ranges. */
function trustProxy(env: Env): false | number | string[] {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null || raw.toLowerCase() === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) throw new ConfigError(`TRUST_PROXY hop count must be from 1 to 10 (got "${raw}")`);
    return Number(raw);
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or proxy addresses/CIDR ranges separated by commas (got "${entry}")`,
      );
    }
  }
  return entries;
}

/** DATABASE_URL: a postgres:// or postgresql:// URL naming a database (the libpq URL syntax node-postgres reads). */
function databaseUrl(env: Env): string | null {
  const raw = optional(env, 'DATABASE_URL');
  if (raw === null) return null;
  // Never echo the value: it usually holds a password.
  const refuse = () =>
    new ConfigError(
      'DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/parcel_atlas (with a database name)',
    );
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw refuse();
  }
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol) || parsed.pathname.replace(/^\//, '') === '') {
    throw refuse();
  }
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
const CANTON_CODES = /^[A-Z]{2}(,[A-Z]{2})*$/;

/** Reads the JWT secret from the environment, else from DATA_DIR, else makes one and keeps it there. */
function jwtSecret(env: Env, dataDir: string): string {
  const given = optional(env, 'JWT_SECRET');
  if (given !== null) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A URL-safe base64 string (no padding) that decodes to `bytes` bytes. */
function isBase64UrlOfLength(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

/**
 * The VAPID key pair of web push (RFC 8292): from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (a P-256 public key
 * of 65 bytes and private key of 32 bytes, URL-safe base64), else from DATA_DIR, else a new pair kept
 * there, like the JWT secret: browsers bind their subscriptions to the public key, so it must survive restarts.
 */
function vapidKeys(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  const [publicKey, privateKey] = pair(env, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');
  if (publicKey !== null && privateKey !== null) {
    if (!isBase64UrlOfLength(publicKey, 65) || !isBase64UrlOfLength(privateKey, 32)) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in URL-safe base64 (65 and 32 bytes), e.g. from `npx web-push generate-vapid-keys`',
      );
    }
    return { publicKey, privateKey };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const generated = newVapidKeys();
  fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return generated;
}

/**
 * A new P-256 key pair as web push wants it (what web-push's generateVAPIDKeys makes, without loading the
 * library at start): the uncompressed public point (65 bytes) and the private scalar left-padded to 32 bytes.
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/** MAIL_FROM: an address, optionally with a display name (`Parcel Atlas <no-reply@example.ch>`). */
function mailFrom(env: Env): string {
  const value = optional(env, 'MAIL_FROM') ?? 'Parcel Atlas <no-reply@parcel-atlas.local>';
  if (!/^([^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, optionally as "Name <address>" (got "${value}")`,
    );
  }
  return value;
}

/** Public terrain tiles (Mapzen/Tilezen terrarium PNGs on AWS Open Data; attribution in the style). */
export const DEFAULT_TERRAIN_TILES_URL =
  'https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png';
/** swisstopo's SWISSIMAGE orthophotos as WMTS tiles in Web Mercator (free use with "© swisstopo"). */
export const DEFAULT_SATELLITE_TILES_URL =
  'https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.swissimage/default/current/3857/{z}/{x}/{y}.jpeg';

/**
 * An outside raster tile URL template: absolute http(s) with {z}, {x} and {y}; `off` (a deployment
 * without internet) hides the layer that needs it.
 */
function tileTemplate(env: Env, name: string, fallback: string): string | null {
  if (optional(env, name)?.toLowerCase() === 'off') return null;
  const value = url(env, name, fallback);
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part)) || !/^https?:/.test(value)) {
    throw new ConfigError(`${name} must be an http(s) tile URL with {z}, {x} and {y} (got "${value}")`);
  }
  return value;
}

function terrainEncoding(env: Env): Config['terrainTilesEncoding'] {
  const value = optional(env, 'TERRAIN_TILES_ENCODING') ?? 'terrarium';
  if (value !== 'terrarium' && value !== 'mapbox') {
    throw new ConfigError(`TERRAIN_TILES_ENCODING must be terrarium or mapbox (got "${value}")`);
  }
  return value;
}

/** PUSH_SERVICE_HOSTS and PUSH_ALLOWED_ADDRESSES (see Config.pushEndpoints). */
function pushEndpoints(env: Env): PushEndpointPolicy {
  const list = (name: string) =>
    (optional(env, name) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const hosts = list('PUSH_SERVICE_HOSTS');
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.:-]+$/i.test(host)) {
      throw new ConfigError(`PUSH_SERVICE_HOSTS must be host names separated by commas (got "${host}")`);
    }
  }
  const allowedAddresses = list('PUSH_ALLOWED_ADDRESSES');
  for (const entry of allowedAddresses) {
    if (!isAddressOrCidr(entry)) {
      throw new ConfigError(`PUSH_ALLOWED_ADDRESSES must be addresses or CIDR ranges (got "${entry}")`);
    }
  }
  return { hosts: hosts.length > 0 ? hosts : [...DEFAULT_PUSH_SERVICE_HOSTS], allowedAddresses };
}

/**
 * Where the installation keeps its data and answers, read without loadConfig's side effects (it makes
 * DATA_DIR and generates secrets there): `npm run backup` and `npm run restore`, which must find an empty
 * DATA_DIR empty.
 */
export function loadStorageConfig(
  env: Env = process.env,
): Pick<Config, 'dataDir' | 'databaseUrl' | 'port'> & { serverUrl: string } {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = optional(env, 'HOST') ?? '0.0.0.0';
  // A server bound to every interface answers on loopback.
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: databaseUrl(env),
    port,
    serverUrl: `http://${net.isIPv6(reachable) ? `[${reachable}]` : reachable}:${port}`,
  };
}

/**
 * Search worker threads by default: the cores on the SQLite file (each reads the file itself; niced, they
 * leave the event loop its turn, ADR 067); on PostgreSQL the cores but one, at least one, since there each
 * worker keeps a pool's worth of searches waiting on the database and a second one only crowds its
 * backends (ZG, 50 clients: 229–245 requests/s with one, 149 with two; ADR 063).
 */
function defaultSearchWorkers(postgresUrl: string | null): number {
  const cores = os.availableParallelism();
  return postgresUrl === null ? cores : Math.max(1, cores - 1);
}

/** METRICS_TOKEN, METRICS_PORT and METRICS_HOST (see Config.metrics). */
function metricsAccess(env: Env, appPort: number): Config['metrics'] {
  const token = optional(env, 'METRICS_TOKEN');
  if (token !== null && (token.length < 16 || /\s/.test(token)))
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  const port = optional(env, 'METRICS_PORT') === null ? null : integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (port !== null && port === appPort)
    throw new ConfigError(`METRICS_PORT must differ from PORT (both are ${port})`);
  return { token, port, host: optional(env, 'METRICS_HOST') ?? optional(env, 'HOST') ?? '0.0.0.0' };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? 'data');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created`);
  }
  const smtpUrl = optional(env, 'SMTP_URL') === null ? null : url(env, 'SMTP_URL', '');
  const production = optional(env, 'NODE_ENV') === 'production';
  if (production && smtpUrl === null && optional(env, 'MAIL_OUTBOX') !== '1') {
    throw new ConfigError(
      'SMTP_URL is required in production (or MAIL_OUTBOX=1 to write mails to DATA_DIR/outbox, links not logged)',
    );
  }
  const [stripeSecretKey, stripeWebhookSecret] = pair(env, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
  const vapid = vapidKeys(env, dataDir);
  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (optional(env, 'LOG_FORMAT') ?? 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat))
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}`);
  const cantons = (optional(env, 'DATASET_CANTONS') ?? 'ZG,LU,GE,TI').toUpperCase();
  if (!CANTON_CODES.test(cantons)) {
    throw new ConfigError(
      `DATASET_CANTONS must be canton codes separated by commas, like ZG,LU (got "${cantons}")`,
    );
  }
  return {
    port,
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`),
    passkeyOrigin: new URL(url(env, 'PASSKEY_ORIGIN', url(env, 'PUBLIC_URL', `http://localhost:${port}`)))
      .origin,
    smtpUrl,
    logMailLinks: !production,
    jwtSecret: jwtSecret(env, dataDir),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 31104000, 60, 10 * 31104000),
    sessionIdleDays: integer(env, 'SESSION_IDLE_DAYS', 30, 1, 3650),
    keyTtlSeconds: {
      verification: integer(env, 'VERIFICATION_KEY_TTL_SECONDS', 24 * 3600, 60, 30 * 24 * 3600),
      reset: integer(env, 'RESET_KEY_TTL_SECONDS', 3600, 60, 7 * 24 * 3600),
      invite: integer(env, 'INVITE_KEY_TTL_SECONDS', 7 * 24 * 3600, 60, 90 * 24 * 3600),
    },
    mailFrom: mailFrom(env),
    stripeSecretKey,
    stripeWebhookSecret,
    paymentProvider: paymentProvider(env, stripeSecretKey !== null),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    clientUrls: {
      sso: url(env, 'SSO_URL', ''),
      main: url(env, 'MAIN_URL', ''),
      payment: url(env, 'PAYMENT_URL', ''),
      socket: url(env, 'SOCKET_URL', ''),
    },
    baseMapStyleUrl: optional(env, 'BASEMAP_STYLE_URL') === null ? null : url(env, 'BASEMAP_STYLE_URL', ''),
    terrainTilesUrl: tileTemplate(env, 'TERRAIN_TILES_URL', DEFAULT_TERRAIN_TILES_URL),
    terrainTilesEncoding: terrainEncoding(env),
    satelliteTilesUrl: tileTemplate(env, 'SATELLITE_TILES_URL', DEFAULT_SATELLITE_TILES_URL),
    datasetCantons: cantons.split(','),
    logLevel,
    logFormat,
    distDir: path.resolve(optional(env, 'DIST_DIR') ?? 'dist'),
    trustProxy: trustProxy(env),
    accountMailsPerHour: integer(env, 'ACCOUNT_MAILS_PER_HOUR', 500, 1, 1_000_000),
    passwordHashConcurrency: integer(
      env,
      'PASSWORD_HASH_CONCURRENCY',
      Math.max(1, os.availableParallelism() - 1),
      1,
      64,
    ),
    workers: integer(env, 'WORKERS', os.availableParallelism(), 0, 64),
    searchWorkers: integer(env, 'SEARCH_WORKERS', defaultSearchWorkers(databaseUrl(env)), 0, 64),
    cadastreMaxVertices: integer(env, 'CADASTRE_MAX_VERTICES', MAX_VERTICES_PER_PARCEL, 4, 10_000_000),
    cadastreMaxUploadMb: integer(env, 'CADASTRE_MAX_UPLOAD_MB', 1024, 1, 65_536),
    databaseUrl: databaseUrl(env),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 86_400_000),
    pushEndpoints: pushEndpoints(env),
    minFreeDiskBytes: integer(env, 'MIN_FREE_DISK_MB', 64, 0, 1_000_000) * 1024 * 1024,
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 3, 0, 300) * 1000,
    metrics: metricsAccess(env, port),
  };
}
