import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { postgresMigrations } from '../../server/store/postgres/migrations';
import { migratePostgres } from '../../server/store/postgres/migrations/migratePostgres';
import { watchDatasetVersion } from '../../server/store/postgres/datasetVersion/watchDatasetVersion';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

// ADR 051: every instance knows the dataset's version without a round trip per request, and learns of a
// rebuild or an import by another instance from the meta trigger's notification.
let database: TestPostgresDatabase;
let writer: PostgresConnection;
let reader: PostgresConnection;

const saveVersion = (value: string) =>
  writer.run(
    "INSERT INTO meta (key, value) VALUES ('dataset', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    [value],
  );

/** Counts the statements the reader's connection runs (the watch must not query without a reason). */
function countingStatements(db: PostgresConnection): { db: PostgresConnection; count: () => number } {
  let statements = 0;
  const counted = (run: (...args: never[]) => unknown) =>
    ((...args: never[]) => {
      statements += 1;
      return run(...args);
    }) as never;
  return {
    db: { ...db, one: counted(db.one), query: counted(db.query), run: counted(db.run) },
    count: () => statements,
  };
}

/** Asks the watch until it answers `expected` (a notification arrives asynchronously), at most 2 s. */
async function eventually(read: () => Promise<string>, expected: string): Promise<string> {
  for (let attempt = 0; attempt < 200 && (await read()) !== expected; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return read();
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  writer = await connectPostgres(database.url);
  await migratePostgres(writer, postgresMigrations);
  reader = await connectPostgres(database.url);
});
afterAll(async () => {
  await reader?.close();
  await writer?.close();
  await database?.drop();
});

describe('the dataset version on PostgreSQL', () => {
  it('is read once, then not again until another instance changes the dataset', async () => {
    await saveVersion('build-1');
    const { db, count } = countingStatements(reader);
    const version = watchDatasetVersion(db);
    expect(await version()).toBe('build-1');
    const afterFirst = count();
    for (let i = 0; i < 100; i += 1) expect(await version()).toBe('build-1');
    expect(count()).toBe(afterFirst);

    await saveVersion('build-2');
    expect(await eventually(version, 'build-2')).toBe('build-2');
    expect(count()).toBe(afterFirst + 1);
  });

  it('sees a change committed in a unit of work only after the commit', async () => {
    await saveVersion('before');
    const version = watchDatasetVersion(reader);
    expect(await eventually(version, 'before')).toBe('before');
    await writer.transaction(async () => {
      await saveVersion('imported');
      expect(await version()).toBe('before');
    });
    expect(await eventually(version, 'imported')).toBe('imported');
  });

  it('is empty without a dataset, and read again after a lost connection', async () => {
    await writer.run("DELETE FROM meta WHERE key = 'dataset'");
    const version = watchDatasetVersion(reader);
    expect(await eventually(version, '')).toBe('');

    // Every connection of the reader, its listening one included.
    await writer.query(
      `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    // Written while the reader's connection is down: its notification is lost, the reconnect is not.
    await saveVersion('written-while-down');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await version()).toBe('written-while-down');
  });
});
