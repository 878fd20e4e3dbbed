import type { NewUser } from '../../../server/store/contract/users/UserStore';
import type { MakeStores } from './ContractStores';

/** An allowance no test here reaches. */
const ROOMY = { files: 1000, bytes: 1e9 };

type SettingsStores =
  | 'users'
  | 'sessions'
  | 'subscriptions'
  | 'sites'
  | 'preferences'
  | 'fileItems'
  | 'auditLog'
  | 'emailChanges'
  | 'accountDirectory';

const person = (username: string, name = ''): NewUser => ({
  username,
  email: username,
  name,
  passwordHash: 'hash',
  status: 'active',
  roles: ['user'],
});

/** Sites, preferences, uploads, the audit log, e-mail changes and the account directory, on every adapter. */
export function describeSettingsContract(makeStores: MakeStores<SettingsStores>): void {
  const now = 1_700_000_000_000;
  let stores: ReturnType<typeof makeStores>;
  let userId: string;
  beforeEach(async () => {
    stores = makeStores();
    userId = (await stores.users.create(person('anna@example.ch', 'Anna Muster'))).id;
  });

  describe('sites', () => {
    it('creates, renames and lists sites by name, and tells unknown ids', async () => {
      await stores.sites.save({ id: 'zg', name: 'Zug' });
      await stores.sites.save({ id: 'lu', name: 'Luzern' });
      expect(await stores.sites.save({ id: 'zg', name: 'Zug Nord' })).toEqual({ id: 'zg', name: 'Zug Nord' });
      expect(await stores.sites.list()).toEqual([
        { id: 'lu', name: 'Luzern' },
        { id: 'zg', name: 'Zug Nord' },
      ]);
      expect(await stores.sites.unknown(['zg', 'ge', 'lu', 'ti "quoted"'])).toEqual(['ge', 'ti "quoted"']);
      expect(await stores.sites.unknown([])).toEqual([]);
    });
  });

  describe('preferences and uploads', () => {
    it('keeps the signature, the avatar and the time zone apart, with defaults before any is set', async () => {
      expect(await stores.preferences.get(userId)).toEqual({
        emailSignature: '',
        avatarFileId: null,
        timeZone: 'Europe/Zurich',
      });
      await stores.preferences.setEmailSignature(userId, '<p>Anna</p>');
      const avatar = await stores.fileItems.addWithin(
        { ownerId: userId, type: 'avatar', contentHash: 'abc', mime: 'image/png', size: 1234 },
        ROOMY,
      );
      if (!avatar) throw new Error('the avatar was refused');
      await stores.preferences.setAvatar(userId, avatar.id);
      expect(await stores.preferences.get(userId)).toEqual({
        emailSignature: '<p>Anna</p>',
        avatarFileId: avatar.id,
        timeZone: 'Europe/Zurich',
      });
      await stores.preferences.setAvatar(userId, null);
      await stores.preferences.setTimeZone(userId, 'America/New_York');
      expect(await stores.preferences.get(userId)).toEqual({
        emailSignature: '<p>Anna</p>',
        avatarFileId: null,
        timeZone: 'America/New_York',
      });
      // A time zone alone makes a row with the other defaults.
      const other = await stores.users.create(person('tz-only@example.ch', 'Taro Zeit'));
      await stores.preferences.setTimeZone(other.id, 'Asia/Tokyo');
      expect(await stores.preferences.get(other.id)).toEqual({
        emailSignature: '',
        avatarFileId: null,
        timeZone: 'Asia/Tokyo',
      });
    });

    it('finds an upload by id', async () => {
      const item = await stores.fileItems.addWithin(
        { ownerId: userId, type: 'signature-image', contentHash: 'f00', mime: 'image/webp', size: 99 },
        ROOMY,
      );
      expect(item?.id).toEqual(expect.any(String));
      expect(await stores.fileItems.find(item?.id ?? '')).toEqual(item);
      expect(await stores.fileItems.find('unknown')).toBeNull();
    });

    it("refuses an upload beyond the owner's allowance of files or bytes, even sent in parallel", async () => {
      const upload = (contentHash: string, size: number) =>
        stores.fileItems.addWithin(
          { ownerId: userId, type: 'signature-image', contentHash, mime: 'image/png', size },
          { files: 3, bytes: 1000 },
        );
      expect(await upload('a1', 900)).not.toBeNull();
      // 900 + 101 bytes would pass the file count but not the volume.
      expect(await upload('a2', 101)).toBeNull();
      const parallel = await Promise.all(['b1', 'b2', 'b3', 'b4'].map((hash) => upload(hash, 10)));
      expect(parallel.filter(Boolean)).toHaveLength(2);
      expect(await upload('c1', 1)).toBeNull();
    });

    it('removes an upload and says whether another row still names its content', async () => {
      const add = (type: 'avatar' | 'signature-image') =>
        stores.fileItems.addWithin(
          { ownerId: userId, type, contentHash: 'shared', mime: 'image/png', size: 5 },
          ROOMY,
        );
      const first = await add('avatar');
      const second = await add('signature-image');
      expect(await stores.fileItems.remove(first?.id ?? '')).toEqual({ contentStillUsed: true });
      expect(await stores.fileItems.find(first?.id ?? '')).toBeNull();
      expect(await stores.fileItems.remove(second?.id ?? '')).toEqual({ contentStillUsed: false });
    });
  });

  describe('audit log', () => {
    it('lists the newest entries first, paged, optionally about one account', async () => {
      for (const [index, target] of ['t1', 't2', 't1'].entries())
        await stores.auditLog.append({
          at: now + index,
          actorId: userId,
          actorUsername: 'anna@example.ch',
          action: 'set-roles',
          targetId: target,
          targetUsername: `${target}@x.ch`,
          details: { roles: ['admin'], step: index },
        });
      const all = await stores.auditLog.list({ limit: 2, offset: 0 });
      expect(all.total).toBe(3);
      expect(all.items.map((entry) => entry.details.step)).toEqual([2, 1]);
      expect(all.items[0]).toEqual({
        id: expect.any(Number),
        at: now + 2,
        actorId: userId,
        actorUsername: 'anna@example.ch',
        action: 'set-roles',
        targetId: 't1',
        targetUsername: 't1@x.ch',
        details: { roles: ['admin'], step: 2 },
      });
      const aboutT1 = await stores.auditLog.list({ targetId: 't1', limit: 10, offset: 1 });
      expect(aboutT1.total).toBe(2);
      expect(aboutT1.items.map((entry) => entry.details.step)).toEqual([0]);
    });
  });

  describe('e-mail changes', () => {
    const change = () => ({
      userId,
      oldEmail: 'anna@example.ch',
      newEmail: 'anna@new.ch',
      usernameFollows: true,
      confirmKeyHash: 'confirm-1',
      undoKeyHash: 'undo-1',
      confirmExpiresAt: now + 1_000,
      undoExpiresAt: now + 10_000,
    });

    it('confirms a pending change once, and undoes it once', async () => {
      const started = await stores.emailChanges.start(change(), now);
      expect(started).toMatchObject({ newEmail: 'anna@new.ch', usernameFollows: true, appliedAt: null });
      expect(await stores.emailChanges.pendingEmail(userId, now)).toBe('anna@new.ch');
      expect(await stores.emailChanges.findPendingByConfirmKey('confirm-1', now)).toEqual(started);
      expect(await stores.emailChanges.findPendingByConfirmKey('confirm-1', now + 1_000)).toBeNull();
      expect(await stores.emailChanges.markApplied(started.id, now + 1)).toBe(true);
      expect(await stores.emailChanges.markApplied(started.id, now + 2)).toBe(false);
      expect(await stores.emailChanges.pendingEmail(userId, now)).toBeNull();
      expect(await stores.emailChanges.findUndoable('undo-1', now + 5)).toEqual({
        ...started,
        appliedAt: now + 1,
      });
      expect(await stores.emailChanges.end(started.id, now + 6)).toBe(true);
      expect(await stores.emailChanges.end(started.id, now + 7)).toBe(false);
      expect(await stores.emailChanges.findUndoable('undo-1', now + 8)).toBeNull();
    });

    it('ends a pending change when a newer one starts', async () => {
      const first = await stores.emailChanges.start(change(), now);
      await stores.emailChanges.start(
        { ...change(), newEmail: 'anna@newer.ch', confirmKeyHash: 'confirm-2', undoKeyHash: 'undo-2' },
        now + 1,
      );
      expect(await stores.emailChanges.findPendingByConfirmKey('confirm-1', now + 2)).toBeNull();
      expect(await stores.emailChanges.markApplied(first.id, now + 2)).toBe(false);
      expect(await stores.emailChanges.pendingEmail(userId, now + 2)).toBe('anna@newer.ch');
    });
  });

  describe('account directory', () => {
    it('searches username, e-mail and name ignoring case, with % and _ as plain characters, and pages', async () => {
      await stores.users.create(person('Bruno_1@x.ch', 'Bruno 100%'));
      await stores.users.create(person('carla@x.ch', 'Carla'));
      const session = await stores.sessions.create(userId, now);
      await stores.subscriptions.save({
        userId,
        planId: 'basic',
        product: 'Basic Plan',
        status: 'active',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        intervalMonths: 1,
        cancelAtPeriodEnd: false,
        limits: { advance_search: 150, full_view: 150, report_download: 20 },
        provider: 'test',
        providerCustomerId: null,
        providerSubscriptionId: null,
      });
      const all = await stores.accountDirectory.page({ search: '', limit: 2, offset: 0 });
      expect(all.total).toBe(3);
      expect(all.rows.map((row) => row.username)).toEqual(['anna@example.ch', 'Bruno_1@x.ch']);
      expect(all.rows[0]).toEqual({
        id: userId,
        username: 'anna@example.ch',
        email: 'anna@example.ch',
        name: 'Anna Muster',
        status: 'active',
        roles: ['user'],
        plan: 'Basic Plan',
        lastLoginAt: session.createdAt,
      });
      expect(
        (await stores.accountDirectory.page({ search: ' MUSTER ', limit: 10, offset: 0 })).rows.map(
          (r) => r.id,
        ),
      ).toEqual([userId]);
      expect((await stores.accountDirectory.page({ search: '0%', limit: 10, offset: 0 })).total).toBe(1);
      expect((await stores.accountDirectory.page({ search: '_', limit: 10, offset: 0 })).total).toBe(1);
      expect(
        (await stores.accountDirectory.page({ search: 'carla', limit: 10, offset: 0 })).rows[0],
      ).toMatchObject({
        plan: null,
        lastLoginAt: null,
      });
      expect((await stores.accountDirectory.find(userId))?.plan).toBe('Basic Plan');
      expect(await stores.accountDirectory.find('unknown')).toBeNull();
    });
  });
}
