import { UsernameTakenError, type NewUser } from '../../../server/store/users/UserStore';
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
  beforeEach(() => {
    stores = makeStores();
  });

  describe('users', () => {
    it('creates an account with defaults and finds it by id and by username ignoring case', () => {
      const created = stores.users.create({ ...anna, username: '  Anna@Example.ch ' });
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
      expect(stores.users.findById(created.id)).toEqual(created);
      expect(stores.users.findByUsername('anna@example.CH ')).toEqual(created);
      expect(stores.users.findByUsername('nobody@example.ch')).toBeNull();
      expect(stores.users.findById('no-such-id')).toBeNull();
    });

    it('refuses a username that exists in another case, and the unit of work goes on after it', () => {
      stores.users.create(anna);
      expect(() => stores.users.create({ ...anna, username: 'ANNA@example.ch' })).toThrow(UsernameTakenError);
      stores.unitOfWork(() => {
        expect(() => stores.users.create({ ...anna, username: 'anna@EXAMPLE.ch' })).toThrow(
          UsernameTakenError,
        );
        stores.users.create({ ...anna, username: 'ben@example.ch', email: 'ben@example.ch' });
      });
      expect(stores.users.list().map((user) => user.username)).toEqual(['Anna@Example.ch', 'ben@example.ch']);
    });

    it('lists accounts ordered by username ignoring case', () => {
      for (const username of ['carla@x.ch', 'Bruno@x.ch', 'anna@x.ch'])
        stores.users.create({ ...anna, username, email: username });
      expect(stores.users.list().map((user) => user.username)).toEqual([
        'anna@x.ch',
        'Bruno@x.ch',
        'carla@x.ch',
      ]);
    });

    it('sets a password: the account becomes active and the token version moves on', () => {
      const invited = stores.users.create({ ...anna, passwordHash: null, status: 'invited' });
      const active = stores.users.setPassword(invited.id, 'hash-2');
      expect(active).toMatchObject({ passwordHash: 'hash-2', status: 'active', tokenVersion: 1 });
    });

    it('changes only the given profile fields, and the roles', () => {
      const user = stores.users.create(anna);
      const changed = stores.users.updateProfile(user.id, { name: 'Anna Muster', phone: '+41 41 000 00 00' });
      expect(changed).toMatchObject({
        name: 'Anna Muster',
        phone: '+41 41 000 00 00',
        email: 'anna@example.ch',
      });
      expect(stores.users.setRoles(user.id, ['admin', 'user']).roles).toEqual(['admin', 'user']);
    });

    it('grants sites, creating unknown ones named after their id, ordered by name', () => {
      const user = stores.users.create({ ...anna, sites: [{ siteID: 'zug', name: 'Zug' }] });
      expect(user.sites).toEqual([{ siteID: 'zug', name: 'zug' }]);
      const regranted = stores.users.setSites(user.id, ['luzern', 'basel']);
      expect(regranted.sites).toEqual([
        { siteID: 'basel', name: 'basel' },
        { siteID: 'luzern', name: 'luzern' },
      ]);
      expect(stores.users.setSites(user.id, []).sites).toEqual([]);
    });

    it('changes the e-mail and username, refusing a username another account holds', () => {
      const user = stores.users.create(anna);
      stores.users.create({ ...anna, username: 'ben@example.ch', email: 'ben@example.ch' });
      const moved = stores.users.changeEmail(user.id, 'anna@new.ch', 'anna@new.ch');
      expect(moved).toMatchObject({ email: 'anna@new.ch', username: 'anna@new.ch' });
      expect(() => stores.users.changeEmail(user.id, 'ben@example.ch', 'BEN@example.ch')).toThrow(
        UsernameTakenError,
      );
      expect(stores.users.findById(user.id)).toMatchObject({ email: 'anna@new.ch', username: 'anna@new.ch' });
      // Its own username in another case is not "taken".
      expect(stores.users.changeEmail(user.id, 'anna@new.ch', 'Anna@New.ch').username).toBe('Anna@New.ch');
    });

    it('re-invites an account with new name, roles, sites and language', () => {
      const invited = stores.users.create({ ...anna, passwordHash: null, status: 'invited' });
      const again = stores.users.updateInvitation(invited.id, {
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
    it('keeps nothing of a unit that throws', () => {
      expect(() =>
        stores.unitOfWork(() => {
          stores.users.create(anna);
          throw new Error('later step failed');
        }),
      ).toThrow('later step failed');
      expect(stores.users.list()).toEqual([]);
    });

    it('rolls back a nested unit that throws and keeps the outer one', () => {
      stores.unitOfWork(() => {
        stores.users.create(anna);
        expect(() =>
          stores.unitOfWork(() => {
            stores.users.create({ ...anna, username: 'ben@example.ch' });
            throw new Error('inner');
          }),
        ).toThrow('inner');
      });
      expect(stores.users.list().map((user) => user.username)).toEqual(['Anna@Example.ch']);
    });

    it('refuses asynchronous work and keeps nothing of it', () => {
      expect(() =>
        stores.unitOfWork((async () => {
          stores.users.create(anna);
        }) as () => unknown),
      ).toThrow();
      expect(stores.users.list()).toEqual([]);
    });

    it('returns what the work returns', () => {
      expect(stores.unitOfWork(() => stores.users.create(anna).username)).toBe('Anna@Example.ch');
    });
  });

  describe('account keys', () => {
    const now = 1_700_000_000_000;
    let userId: string;
    beforeEach(() => {
      userId = stores.users.create(anna).id;
      stores.accountKeys.add('hash-reset', {
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
    });

    it('finds a key only while it is valid and of its kind', () => {
      expect(stores.accountKeys.findValid('reset', 'hash-reset', now)).toEqual({
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
      expect(stores.accountKeys.findValid('verification', 'hash-reset', now)).toBeNull();
      expect(stores.accountKeys.findValid('reset', 'hash-reset', now + 60_000)).toBeNull();
      expect(stores.accountKeys.findValid('reset', 'unknown', now)).toBeNull();
    });

    it('lets a key be used once', () => {
      expect(stores.accountKeys.consume('reset', 'hash-reset', now)).toBe(true);
      expect(stores.accountKeys.consume('reset', 'hash-reset', now)).toBe(false);
      expect(stores.accountKeys.findValid('reset', 'hash-reset', now)).toBeNull();
    });

    it('does not let an expired key or a key of another kind be used', () => {
      expect(stores.accountKeys.consume('reset', 'hash-reset', now + 60_000)).toBe(false);
      expect(stores.accountKeys.consume('invite', 'hash-reset', now)).toBe(false);
    });

    it("revokes a user's unused keys of one kind only", () => {
      stores.accountKeys.add('hash-verify', {
        kind: 'verification',
        email: anna.email,
        userId,
        expiresAt: now + 60_000,
      });
      stores.accountKeys.revokeForUser('reset', userId, now);
      expect(stores.accountKeys.findValid('reset', 'hash-reset', now)).toBeNull();
      expect(stores.accountKeys.findValid('verification', 'hash-verify', now)).not.toBeNull();
    });

    it('purges expired keys (their hash can be stored again)', () => {
      stores.accountKeys.purgeExpired(now + 60_001);
      stores.accountKeys.add('hash-reset', {
        kind: 'reset',
        email: anna.email,
        userId,
        expiresAt: now + 120_000,
      });
      expect(stores.accountKeys.findValid('reset', 'hash-reset', now + 60_001)).not.toBeNull();
    });

    it('keeps a key without an account (a registration that is not yet verified)', () => {
      stores.accountKeys.add('hash-new', {
        kind: 'verification',
        email: 'new@x.ch',
        userId: null,
        expiresAt: now + 1,
      });
      expect(stores.accountKeys.findValid('verification', 'hash-new', now)?.userId).toBeNull();
    });
  });
}
