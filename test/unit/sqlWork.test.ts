import { numberPlaceholders } from '../../server/store/postgres/sql/postgresSqlRepository';
import {
  all,
  atomically,
  one,
  run,
  runSqlWork,
  runSqlWorkAsync,
  type SqlStep,
} from '../../server/store/sql/SqlWork';

describe('the SQL port both adapters run', () => {
  it('numbers ? placeholders for PostgreSQL, leaving quoted text and identifiers alone', () => {
    expect(
      numberPlaceholders("SELECT ? AS a, '?' AS \"b?\", 'it''s ?' FROM t WHERE x = ? AND y IN (?)"),
    ).toBe("SELECT $1 AS a, '?' AS \"b?\", 'it''s ?' FROM t WHERE x = $2 AND y IN ($3)");
  });

  function* transfer(from: string, to: string) {
    const row = yield* one<{ n: number }>('SELECT n FROM accounts WHERE id = ?', from);
    try {
      yield* run('UPDATE accounts SET n = n - 1 WHERE id = ?', from);
    } catch {
      return 'refused';
    }
    const rows = yield* all<{ id: string }>('SELECT id FROM accounts WHERE id <> ?', to);
    return `${row?.n ?? 0}:${rows.length}`;
  }

  it('runs a method synchronously, handing each statement its result', () => {
    const seen: SqlStep[] = [];
    const result = runSqlWork(transfer('a', 'b'), (step) => {
      seen.push(step);
      if (step.kind === 'one') return { n: 3 };
      if (step.kind === 'all') return [{ id: 'a' }, { id: 'c' }];
      return 1;
    });
    expect(result).toBe('3:2');
    expect(seen.map((step) => (step.kind === 'atomic' ? 'atomic' : [step.kind, step.params]))).toEqual([
      ['one', ['a']],
      ['run', ['a']],
      ['all', ['b']],
    ]);
  });

  it("throws a statement's error into the method, which may catch it", async () => {
    const perform = (step: SqlStep) => {
      if (step.kind === 'run') throw new Error('constraint');
      return step.kind === 'one' ? { n: 1 } : [];
    };
    expect(runSqlWork(transfer('a', 'b'), perform)).toBe('refused');
    expect(await runSqlWorkAsync(transfer('a', 'b'), async (step) => perform(step))).toBe('refused');
    expect(() =>
      runSqlWork(
        (function* () {
          return yield* run('DELETE FROM t');
        })(),
        perform,
      ),
    ).toThrow('constraint');
  });

  it('hands a transaction to the adapter as one step holding its work', () => {
    const inner = (function* () {
      return yield* run('DELETE FROM t');
    })();
    const steps: SqlStep[] = [];
    const result = runSqlWork(atomically(inner), (step) => {
      steps.push(step);
      return step.kind === 'atomic' ? runSqlWork(step.work, () => 7) : null;
    });
    expect(result).toBe(7);
    expect(steps).toEqual([{ kind: 'atomic', work: inner }]);
  });
});
