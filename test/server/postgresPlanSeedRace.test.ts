import { PLAN_CATALOGUE } from '../../server/store/contract/subscriptions/planCatalogue';
import { openPostgresRepositories } from '../../server/store/postgres/createPostgresStores';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { postgresMigrations } from '../../server/store/postgres/migrations';
import { migratePostgres } from '../../server/store/postgres/migrations/migratePostgres';
import { postgresDialect, runPostgresWork } from '../../server/store/postgres/sql/postgresSqlRepository';
import { seedPlanCatalogue } from '../../server/store/sql/subscriptions/planRepositorySql';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

// Instances of a deployment start together on one database (docs/operations.md § Deploying several
// instances): each seeds the plan catalogue at start. Two inserting the same plan at once failed one of them on
// the plans' second unique key ("duplicate key value violates unique constraint plans_lookup_key_key":
// rollingRestart, 2026-12-05).
let database: TestPostgresDatabase;
let db: PostgresConnection;

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  db = await connectPostgres(database.url);
  await migratePostgres(db, postgresMigrations);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('the plan catalogue on PostgreSQL', () => {
  it('is seeded by instances starting at the same moment on an empty catalogue, each without an error', async () => {
    for (let round = 0; round < 5; round += 1) {
      await db.run('DELETE FROM plans');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, () => runPostgresWork(db, seedPlanCatalogue(postgresDialect))),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const plans = await db.query<{ lookup_key: string }>(
        'SELECT lookup_key FROM plans ORDER BY sort_order',
      );
      expect(plans.map((plan) => plan.lookup_key)).toEqual(PLAN_CATALOGUE.map((plan) => plan.lookupKey));
    }
  });

  it('opens on a fresh database for several instances at once', async () => {
    const fresh = await createTestPostgresDatabase();
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 3 }, () => openPostgresRepositories(fresh.url)),
      );
      for (const outcome of opened) if (outcome.status === 'fulfilled') await outcome.value.close();
      expect(opened.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await fresh.drop();
    }
  });
});
