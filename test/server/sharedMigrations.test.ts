import { migrations } from '../../server/store/sqlite/migrations';
import { migrate, openDatabase } from '../../server/store/sqlite/openDatabase';
import { postgresMigrations } from '../../server/store/postgres/migrations';
import { migratePostgres } from '../../server/store/postgres/migrations/migratePostgres';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createTestPostgresDatabase } from './helpers/testPostgres';

// The schema steps each adapter kept a copy of before they were written once (ADR 058), as databases
// migrated before then recorded them in schema_migrations.
const RECORDED = [
  [15, 'rate-limits'],
  [16, 'sessions'],
  [17, 'two-factor'],
  [18, 'passkey-sign-ins'],
  [27, 'survey-geometry'],
  [45, 'push-subscriptions'],
  [70, 'parcel-downloads'],
  [71, 'one-time-tokens'],
  [72, 'municipality-price-levels'],
  [90, 'tile-cache'],
  [92, 'api-keys'],
  [93, 'parcel-lists'],
  [94, 'saved-searches'],
  [95, 'time-zones'],
  [96, 'export-jobs'],
  [97, 'list-alert-mutes'],
  [99, 'listed-parcel-facts'],
] as const;

describe('schema steps shared by both adapters', () => {
  it('keep the versions and names databases recorded, in both lists', () => {
    for (const [version, name] of RECORDED) {
      expect(migrations.filter((step) => step.version === version).map((step) => step.name)).toEqual([name]);
      expect(postgresMigrations.filter((step) => step.version === version).map((step) => step.name)).toEqual([
        name,
      ]);
    }
  });

  it('run nothing again on an SQLite database that is up to date', () => {
    const db = openDatabase(':memory:');
    const recorded = db
      .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
      .all();
    const refuse = migrations.map((step) => ({
      ...step,
      up: () => {
        throw new Error(`migration ${step.version} ran again`);
      },
    }));
    expect(() => migrate(db, refuse)).not.toThrow();
    expect(
      db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all(),
    ).toEqual(recorded);
    db.close();
  });

  it('run nothing again on a PostgreSQL database that is up to date', async () => {
    const database = await createTestPostgresDatabase();
    const db = await connectPostgres(database.url);
    try {
      expect((await migratePostgres(db, postgresMigrations)).length).toBe(postgresMigrations.length);
      expect(await migratePostgres(db, postgresMigrations)).toEqual([]);
      const tables = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'
           AND table_name IN ('rate_limits', 'parcel_list_alert_mutes', 'tile_cache') ORDER BY table_name`,
      );
      expect(tables.map((row) => row.table_name)).toEqual([
        'parcel_list_alert_mutes',
        'rate_limits',
        'tile_cache',
      ]);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
