import Database from 'better-sqlite3';
import {
  MAX_STATEMENT_LABELS,
  createStatementLabeller,
  statementLabel,
} from '../../server/store/contract/statementTimings/statementLabel';
import {
  observeStatements,
  timeStatements,
} from '../../server/store/sqlite/statementTimings/timedStatements';

describe('statement labels for the metrics', () => {
  it('names the verb and the first table, never a value', () => {
    expect(statementLabel('SELECT prc_id FROM parcels WHERE id = ?')).toBe('select parcels');
    expect(statementLabel('  insert or ignore INTO "usage_counters" (a) VALUES (1)')).toBe(
      'insert usage_counters',
    );
    expect(statementLabel('UPDATE sessions SET ended_at = ? WHERE id = ?')).toBe('update sessions');
    expect(statementLabel("-- why\nDELETE FROM tile_cache WHERE key = 'x'")).toBe('delete tile_cache');
    expect(statementLabel('CREATE TABLE IF NOT EXISTS meta (k TEXT)')).toBe('create meta');
    expect(statementLabel('BEGIN')).toBe('begin');
    expect(statementLabel('')).toBe('other');
  });

  it('keeps the labels bounded however many SQL texts there are', () => {
    const labelOf = createStatementLabeller();
    const labels = new Set(
      Array.from({ length: MAX_STATEMENT_LABELS + 50 }, (_, i) => labelOf(`SELECT 1 FROM t${i}`)),
    );
    expect(labels.size).toBe(MAX_STATEMENT_LABELS + 1);
    expect(labels).toContain('other');
  });
});

describe('timed SQLite statements', () => {
  it('times run, get, all and a whole iteration of every statement prepared once observed', () => {
    const db = new Database(':memory:');
    timeStatements(db);
    db.prepare('CREATE TABLE parcels (id INTEGER PRIMARY KEY, name TEXT)').run();
    const seen: { label: string; seconds: number }[] = [];
    observeStatements(db, (label) => (seconds) => seen.push({ label, seconds }));
    const insert = db.prepare('INSERT INTO parcels (name) VALUES (?)');
    for (const name of ['a', 'b', 'c']) insert.run(name);
    const names = db.prepare('SELECT name FROM parcels ORDER BY id').pluck();
    expect(names.get()).toBe('a');
    expect(names.all()).toEqual(['a', 'b', 'c']);
    expect([...names.iterate()]).toEqual(['a', 'b', 'c']);
    for (const name of names.iterate()) if (name === 'a') break;
    expect(seen.map((entry) => entry.label)).toEqual([
      'insert parcels',
      'insert parcels',
      'insert parcels',
      'select parcels',
      'select parcels',
      'select parcels',
      'select parcels',
    ]);
    for (const { seconds } of seen) expect(seconds).toBeGreaterThanOrEqual(0);
    // The connection is not held by an iteration left early.
    expect(db.prepare('SELECT count(*) FROM parcels').pluck().get()).toBe(3);
    db.close();
  });
});
