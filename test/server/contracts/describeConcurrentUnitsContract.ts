import type { NewUser } from '../../../server/store/contract/users/UserStore';
import type { MakeStores } from './ContractStores';

const PERIOD = '2026-11-01T00:00:00.000Z';

const user = (username: string): NewUser => ({
  username,
  email: username,
  passwordHash: 'hash',
  status: 'active',
  roles: ['user'],
});

/** Lets every other waiting task run before going on, as a real request's awaits (I/O, hashing) do. */
const otherTasksRun = () => new Promise((resolve) => setImmediate(resolve));

/** A promise and the function that settles it, to hold a unit open until the test says so. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Units of work that run at the same time (ADR 022): each adapter must keep a unit's writes together
 * and apart from the others', and single statements must keep counts and keys exact, whatever the
 * interleaving of the units' awaits.
 */
export function describeConcurrentUnitsContract(
  makeStores: MakeStores<'users' | 'accountKeys' | 'usage' | 'rateLimits'>,
): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(() => {
    stores = makeStores();
  });

  it('counts a quota exactly to its limit when many units count at once', async () => {
    const counted = await Promise.all(
      Array.from({ length: 40 }, () =>
        stores.unitOfWork(async () => {
          await otherTasksRun();
          const ok = await stores.usage.tryIncrement('user-1', PERIOD, 'full_view', 15);
          await otherTasksRun();
          return ok;
        }),
      ),
    );
    expect(counted.filter(Boolean)).toHaveLength(15);
    expect((await stores.usage.read('user-1', PERIOD)).full_view).toBe(15);
  });

  it('loses no rate-limit count when many requests count the same key at once', async () => {
    await Promise.all(
      Array.from({ length: 30 }, () =>
        stores.rateLimits.update('loginFailuresPerIp', '10.0.0.1', (current) => ({
          count: (current?.count ?? 0) + 1,
          windowStart: 1_000,
          blockedUntil: 0,
          expiresAt: 100_000,
        })),
      ),
    );
    expect((await stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1'))?.count).toBe(30);
  });

  it('lets exactly one of many concurrent units use a single-use key', async () => {
    await stores.accountKeys.add('key-hash', {
      kind: 'reset',
      email: 'anna@x.ch',
      userId: null,
      expiresAt: 10_000,
    });
    const winners = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stores.unitOfWork(async () => {
          await otherTasksRun();
          if (!(await stores.accountKeys.consume('reset', 'key-hash', 1_000))) return false;
          await otherTasksRun();
          await stores.users.create(user(`winner-${i}@x.ch`));
          return true;
        }),
      ),
    );
    expect(winners.filter(Boolean)).toHaveLength(1);
    expect(await stores.users.list()).toHaveLength(1);
  });

  it('keeps nothing of the units that throw and everything of those that commit, run together', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        stores.unitOfWork(async () => {
          await stores.users.create(user(`user-${String(i).padStart(2, '0')}@x.ch`));
          await otherTasksRun();
          await stores.usage.tryIncrement(`user-${i}`, PERIOD, 'advance_search', 5);
          if (i % 2 === 1) throw new Error(`unit ${i} failed`);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(6);
    expect((await stores.users.list()).map((each) => each.username)).toEqual(
      [0, 2, 4, 6, 8, 10].map((i) => `user-${String(i).padStart(2, '0')}@x.ch`),
    );
    expect((await stores.usage.read('user-1', PERIOD)).advance_search).toBe(0);
    expect((await stores.usage.read('user-2', PERIOD)).advance_search).toBe(1);
  });

  it('keeps a write made outside a unit while another unit is open, when that unit rolls back', async () => {
    const held = gate();
    const failing = stores.unitOfWork(async () => {
      await stores.users.create(user('inside@x.ch'));
      await held.opened;
      throw new Error('the unit failed');
    });
    await otherTasksRun();
    // Not awaited before the unit ends: an adapter may make it wait for the open unit.
    const outside = stores.users.create(user('outside@x.ch'));
    const counted = stores.usage.tryIncrement('user-9', PERIOD, 'full_view', 3);
    await otherTasksRun();
    held.open();
    await expect(failing).rejects.toThrow('the unit failed');
    await outside;
    expect(await counted).toBe(true);
    expect((await stores.users.list()).map((each) => each.username)).toEqual(['outside@x.ch']);
    expect((await stores.usage.read('user-9', PERIOD)).full_view).toBe(1);
  });

  it('nests a unit inside a running one as a savepoint: its failure leaves the outer unit going', async () => {
    await stores.unitOfWork(async () => {
      await stores.users.create(user('outer@x.ch'));
      await expect(
        stores.unitOfWork(async () => {
          await stores.users.create(user('inner@x.ch'));
          await otherTasksRun();
          throw new Error('the inner unit failed');
        }),
      ).rejects.toThrow('the inner unit failed');
      await stores.unitOfWork(() => stores.users.create(user('second@x.ch')));
    });
    expect((await stores.users.list()).map((each) => each.username)).toEqual(['outer@x.ch', 'second@x.ch']);
  });
}
