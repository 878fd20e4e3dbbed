import { serialiseUnits } from '../../server/store/sqlite/unitOfWork/serialiseUnits';

describe('a unit of work whose database already ended the transaction', () => {
  it('reports the error of its work, not the failed rollback (SQLite rolls back by itself on a full disk)', async () => {
    const log: string[] = [];
    const { unitOfWork } = serialiseUnits({
      begin: () => log.push('begin'),
      commit: () => log.push('commit'),
      rollback: () => {
        throw new Error('cannot rollback - no transaction is active');
      },
    });
    const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    await expect(
      unitOfWork(async () => {
        throw diskFull;
      }),
    ).rejects.toBe(diskFull);
    // The queue goes on: the next unit runs and commits.
    await expect(unitOfWork(async () => 'next')).resolves.toBe('next');
    expect(log).toEqual(['begin', 'begin', 'commit']);
  });
});
