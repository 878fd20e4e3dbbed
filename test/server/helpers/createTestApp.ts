import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from 'better-sqlite3';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase } from '../../../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../../../server/store/sqlite/openStorage';
import { openConfiguredStorage } from '../../../server/openConfiguredStorage';
import type { Storage } from '../../../server/store/contract/Storage';
import type { UserRecord } from '../../../server/store/contract/users/UserStore';
/**
 * The storage main.ts would open for `config`, but on SQLite over the test's own database `db` (which the
 * test reads and writes directly and closes itself).
 */
export function testStorage(config: Config, db: Database): Promise<Storage> {
  return config.databaseUrl === null ? Promise.resolve(sqliteStorage(db)) : openConfiguredStorage(config);
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  dataDir: string;
  /** Closes the app and the database and removes the temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * A fresh server for one test file: a temporary DATA_DIR (mails land in DATA_DIR/outbox), a new SQLite
 * database with every migration, and `buildApp`. Extra environment variables override the defaults.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'pushTls' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://atlas.test',
    ...env,
  });
  const db = openDatabase(path.join(dataDir, 'test.sqlite'));
  const app = await buildApp({ config, storage: await testStorage(config, db), ...options });
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignInOptions {
  /** Defaults to ['MAPUSER']. */
  roles?: string[];
  username?: string;
  name?: string;
}

export interface SignedIn {
  user: UserRecord;
  /** The sign-in session both tokens belong to. */
  sessionId: string;
  /** Bearer for the single-sign-on API (/api/…, POST /profile). */
  ssoToken: string;
  /** Bearer for the main server (/v1/secure/…). */
  mainToken: string;
  /** `{authorization: 'Bearer <mainToken>'}`, ready for `app.inject({headers})`. */
  headers: { authorization: string };
}

let counter = 0;

/**
 * Creates an active account directly in the database (no password: it cannot log in by form) and signs
 * both tokens for it, as a logged-in browser would hold them.
 */
export async function signIn(app: FastifyInstance, options: SignInOptions = {}): Promise<SignedIn> {
  counter += 1;
  const username = options.username ?? `user${counter}-${Date.now()}@example.ch`;
  const user = await app.ctx.users.create({
    username,
    email: username,
    name: options.name ?? `Test User ${counter}`,
    passwordHash: null,
    status: 'active',
    roles: options.roles ?? ['MAPUSER'],
  });
  const sid = await app.ctx.sessions.start(user.id);
  const claims = { sub: user.id, username: user.username, roles: user.roles, sid };
  const ssoToken = await app.ctx.tokens.sign('sso', claims);
  const mainToken = await app.ctx.tokens.sign('main', claims);
  return { user, sessionId: sid, ssoToken, mainToken, headers: { authorization: `Bearer ${mainToken}` } };
}
