import { UsernameTakenError, type NewUser } from '../../../server/store/contract/users/UserStore';
import type { MakeStores } from './ContractStores';

const anna: NewUser = {
  username: 'Anna@Example.ch',
  email: 'anna@example.ch',
  passwordHash: 'hash-1',
  status: 'active',
  roles: ['user'],
};

/** The accounts repository and its single-use keys, as every adapter must keep them. */
export function describeUserStoreContract(makeStores: MakeStores<'users' | 'accountKeys'>): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(async () => {
    stores = makeStores();
  });

  describe('users', () => {
    it('creates an account with defaults and finds it by id and by username ignoring case', async () => {
      const created = await stores.users.create({ ...anna, username: '  Anna@Example.ch ' });
      expect(created).toMatchObject({
        username: 'Anna@Example.ch',
        email: 'anna@example.ch',
        name: '',
        phone: '',
        defaultLanguage: 'en',
        companyName: '',
        companyAddress: '',
        passwordHash: 'hash-1',
        status: 'active',
        roles: ['user'],
        accessRights: [],
        sites: [],
        teams: [],
        tokenVersion: 0,
      });
      expect(await stores.users.findById(created.id)).toEqual(created);
      expect(await stores.users.findByUsername('anna@example.CH ')).toEqual(created);
      expect(await stores.users.findByUsername('nobody@example.ch')).toBeNull();
      expect(await stores.users.findById('no-such-id')).toBeNull();
    });

    it('refuses a username that exists in another case, and the unit of work goes on after it', async () => {
      await stores.users.create(anna);
      await expect(stores.users.create({ ...anna, username: 'ANNA@example.ch' })).rejects.toThrow(
        UsernameTakenError,
      );
      await stores.unitOfWork(async () => {
        await expect(stores.users.create({ ...anna, username: 'anna@EXAMPLE.ch' })).rejects.toThrow(
          UsernameTakenError,
        );
        await stores.users.create({ ...anna, username: 'ben@example.ch', email: 'ben@example.ch' });
      });
      expect((await stores.users.list()).map((user) => user.username)).toEqual([
        'Anna@Example.ch',
        'ben@example.ch',
      ]);
    });

    it('lists accounts ordered by username ignoring case', async () => {
      for (const username of ['carla@x.ch', 'Bruno@x.ch', 'anna@x.ch'])
        await stores.users.create({ ...anna, username, email: username });
      expect((await stores.users.list()).map((user) => user.username)).toEqual([
        'anna@x.ch',
        'Bruno@x.ch',
        'carla@x.ch',
      ]);
    });

    it('sets a password: the account becomes active and the token version moves on', async () => {
      const invited = await stores.users.create({ ...anna, passwordHash: null, status: 'invited' });
      const active = await stores.users.setPassword(invited.id, 'hash-2');
      expect(active).toMatchObject({ passwordHash: 'hash-2', status: 'active', tokenVersion: 1 });
    });

    it('changes only the given profile fields, and the roles', async () => {
      const user = await stores.users.create(anna);
      const changed = await stores.users.updateProfile(user.id, {
        name: 'Anna Muster',
        phone: '+41 41 000 00 00',
      });
      expect(changed).toMatchObject({
        name: 'Anna Muster',
        phone: '+41 41 000 00 00',
        email: 'anna@example.ch',
      });
      expect((await stores.users.setRoles(user.id, ['admin', 'user'])).roles).toEqual(['admin', 'user']);
    });

    it('grants sites, creating unknown ones named after their id, ordered by name', async () => {
      const user = await stores.users.create({ ...anna, sites: [{ siteID: 'zug', name: 'Zug' }] });
      expect(user.sites).toEqual([{ siteID: 'zug', name: 'zug' }]);
      const regranted = await stores.users.setSites(user.id, ['luzern', 'basel']);
      expect(regranted.sites).toEqual([
        { siteID: 'basel', name: 'basel' },
        { siteID: 'luzern', name: 'luzern' },
      ]);
      expect((await stores.users.setSites(user.id, [])).sites).toEqual([]);
    });

    it('changes the e-mail and username, refusing a username another account holds', async () => {
      const user = await stores.users.create(anna);
      await stores.users.create({ ...anna, username: 'ben@example.ch', email: 'ben@example.ch' });
      const moved = await stores.users.changeEmail(user.id, 'anna@new.ch', 'anna@new.ch');
      expect(moved).toMatchObject({ email: 'anna@new.ch', username: 'anna@new.ch' });
      await expect(stores.users.changeEmail(user.id, 'ben@example.ch', 'BEN@example.ch')).rejects.toThrow(
        UsernameTakenError,
      );
      expect(await stores.users.findById(user.id)).toMatchObject({
        email: 'anna@new.ch',
        username: 'anna@new.ch',
      });
      // Its own username in another case is not "taken".
      expect((await stores.users.changeEmail(user.id, 'anna@new.ch', 'Anna@New.ch')).username).toBe(
        'Anna@New.ch',
      );
    });

    it('re-invites an account with new name, roles, sites and language', async () => {
      const invited = await stores.users.create({ ...anna, passwordHash: null, status: 'invited' });
      const again = await stores.users.updateInvitation(invited.id, {
        name: 'Anna',
        roles: ['admin'],
        sites: [{ siteID: 'bern', name: 'Bern' }],
        defaultLanguage: 'de',
      });
      expect(again).toMatchObject({
        name: 'Anna',
        roles: ['admin'],
        sites: [{ siteID: 'bern', name: 'bern' }],
        defaultLanguage: 'de',
        status: 'invited',
      });
    });
  });

  describe('unit of work', () => {
    it('keeps nothing of a unit that throws', async () => {
      await expect(
        stores.unitOfWork(async () => {
          await stores.users.create(anna);
          throw new Error('later step failed');
        }),
      ).rejects.toThrow('later step failed');
      expect(await stores.users.list()).toEqual([]);
    });

    it('rolls back a nested unit that throws and keeps the outer one', async () => {
      await stores.unitOfWork(async () => {
        await stores.users.create(anna);
        await expect(
          stores.unitOfWork(async () => {
            await stores.users.create({ ...anna, username: 'ben@example.ch' });
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
      });
      expect((await stores.users.list()).map((user) => user.username)).toEqual(['Anna@Example.ch']);
    });

    it('keeps nothing of asynchronous work that fails after it has written', async () => {
      await expect(
        stores.unitOfWork(async () => {
          await stores.users.create(anna);
          await new Promise((resolve) => setImmediate(resolve));
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
      expect(await stores.users.list()).toEqual([]);
    });

    it('returns what the work returns', async () => {
      expect(await stores.unitOfWork(async () => (await stores.users.create(anna)).username)).toBe(
        'Anna@Example.ch',
      );
    });
  });

  describe('account keys', () => {
    const now = 1_700_000_000_000;
    let userId: string;
    beforeEach(async () => {
      userId = (await stores.users.create(anna)).id;
      await stores.accountKeys.add('hash-reset', {
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
    });

    it('finds a key only while it is valid and of its kind', async () => {
      expect(await stores.accountKeys.findValid('reset', 'hash-reset', now)).toEqual({
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
      expect(await stores.accountKeys.findValid('verification', 'hash-reset', now)).toBeNull();
      expect(await stores.accountKeys.findValid('reset', 'hash-reset', now + 60_000)).toBeNull();
      expect(await stores.accountKeys.findValid('reset', 'unknown', now)).toBeNull();
    });

    it('lets a key be used once', async () => {
      expect(await stores.accountKeys.consume('reset', 'hash-reset', now)).toBe(true);
      expect(await stores.accountKeys.consume('reset', 'hash-reset', now)).toBe(false);
      expect(await stores.accountKeys.findValid('reset', 'hash-reset', now)).toBeNull();
    });

    it('does not let an expired key or a key of another kind be used', async () => {
      expect(await stores.accountKeys.consume('reset', 'hash-reset', now + 60_000)).toBe(false);
      expect(await stores.accountKeys.consume('invite', 'hash-reset', now)).toBe(false);
    });

    it("revokes a user's unused keys of one kind only", async () => {
      await stores.accountKeys.add('hash-verify', {
        kind: 'verification',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
      await stores.accountKeys.revokeForUser('reset', userId, now);
      expect(await stores.accountKeys.findValid('reset', 'hash-reset', now)).toBeNull();
      expect(await stores.accountKeys.findValid('verification', 'hash-verify', now)).not.toBeNull();
    });

    it('purges expired keys (their hash can be stored again)', async () => {
      await stores.accountKeys.purgeExpired(now + 60_001);
      await stores.accountKeys.add('hash-reset', {
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 120_000,
      });
      expect(await stores.accountKeys.findValid('reset', 'hash-reset', now + 60_001)).not.toBeNull();
    });

    it('keeps a key without an account (a registration that is not yet verified)', async () => {
      await stores.accountKeys.add('hash-new', {
        kind: 'verification',
        email: 'new@x.ch',
        userId: null,
        expiresAt: now + 1,
      });
      expect((await stores.accountKeys.findValid('verification', 'hash-new', now))?.userId).toBeNull();
    });
  });
}
