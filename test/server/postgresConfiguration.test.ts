import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { testStorage } from './helpers/createTestApp';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pa-postgres-config-'));

describe('DATABASE_URL', () => {
  it('is unset by default: the embedded SQLite database in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).databaseUrl).toBeNull();
  });

  it.each([
    'postgres://atlas:secret@db.example.ch:5432/parcel_atlas',
    'postgresql://db/parcel_atlas?sslmode=require',
  ])('takes the PostgreSQL URL %s', (url) => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it.each([
    'mysql://atlas:secret@db/parcel_atlas',
    'postgres://atlas:secret@db:5432/',
    'db.example.ch/parcel_atlas',
  ])('refuses %s with one clear message that does not repeat the password', (url) => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/parcel_atlas (with a database name)',
    );
    expect(load).not.toThrow('secret');
  });

  it('stops the start when PostgreSQL cannot be reached, saying so without repeating the password', async () => {
    const dir = tempDir();
    // Nothing listens on port 1.
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://atlas:secret@127.0.0.1:1/parcel_atlas',
    });
    const db = openDatabase(path.join(dir, 'test.sqlite'));
    const start = testStorage(config, db).then((storage) => buildApp({ config, storage }));
    await expect(start).rejects.toThrow(/^Cannot connect to PostgreSQL: /);
    await expect(start).rejects.not.toThrow('secret');
    db.close();
  });
});
