import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { UsernameTakenError, type UserRecord, type UserStore } from '../../contract/users/UserStore';
import { toUserRecord, type UserRow } from '../../contract/users/userRow';
import { isSqliteUniqueViolation as isUniqueViolation } from '../sql/sqliteSqlRepository';

export function createSqliteUserStore(db: Database): Synchronous<UserStore> {
  // Sites are granted in `user_sites` (migration 40), the names kept once in `sites`.
  const sitesOf = db.prepare<[string], { siteID: string; name: string }>(
    `SELECT sites.id AS siteID, sites.name AS name FROM user_sites JOIN sites ON sites.id = user_sites.site_id
     WHERE user_sites.user_id = ? ORDER BY sites.name, sites.id`,
  );
  const ensureSite = db.prepare<[string, string, number]>(
    'INSERT OR IGNORE INTO sites (id, name, created_at) VALUES (?, ?, ?)',
  );
  const clearGrants = db.prepare<[string]>('DELETE FROM user_sites WHERE user_id = ?');
  const grant = db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO user_sites (user_id, site_id) VALUES (?, ?)',
  );
  const changeEmail = db.prepare<[string, string, string, string]>(
    'UPDATE users SET email = ?, username = ?, updated_at = ? WHERE id = ?',
  );
  /** Replaces the user's site grants; a site not yet known is created with its id as name. */
  const setGrants = db.transaction((userId: string, siteIds: readonly string[]) => {
    clearGrants.run(userId);
    for (const siteId of siteIds) {
      ensureSite.run(siteId, siteId, Date.now());
      grant.run(userId, siteId);
    }
  });
  const record = (row: UserRow) => toUserRecord(row, sitesOf.all(row.id));
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const byUsername = db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?');
  const all = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY username');
  const insert = db.prepare(
    `INSERT INTO users (id, username, email, name, phone, default_language, company_name, company_address,
       password_hash, status, roles, created_at, updated_at)
     VALUES (@id, @username, @email, @name, @phone, @defaultLanguage, @companyName, @companyAddress,
       @passwordHash, @status, @roles, @now, @now)`,
  );
  const setPassword = db.prepare<[string, string, string]>(
    `UPDATE users SET password_hash = ?, status = 'active', token_version = token_version + 1, updated_at = ?
     WHERE id = ?`,
  );
  const updateProfile = db.prepare<[string, string, string, string, string, string, string, string]>(
    `UPDATE users SET name = ?, email = ?, phone = ?, default_language = ?, company_name = ?, company_address = ?,
       updated_at = ? WHERE id = ?`,
  );
  const setRoles = db.prepare<[string, string, string]>(
    'UPDATE users SET roles = ?, updated_at = ? WHERE id = ?',
  );
  const updateInvitation = db.prepare<[string, string, string, string, string]>(
    'UPDATE users SET name = ?, roles = ?, default_language = ?, updated_at = ? WHERE id = ?',
  );
  const now = () => new Date().toISOString();

  function mustFind(id: string): UserRecord {
    const row = byId.get(id);
    if (!row) throw new Error(`user ${id} not found`);
    return record(row);
  }

  return {
    findById: (id) => {
      const row = byId.get(id);
      return row ? record(row) : null;
    },
    findByUsername: (username) => {
      const row = byUsername.get(username.trim());
      return row ? record(row) : null;
    },
    list: () => all.all().map(record),
    create(user) {
      const id = crypto.randomUUID();
      try {
        insert.run({
          id,
          username: user.username.trim(),
          email: user.email.trim(),
          name: user.name ?? '',
          phone: user.phone ?? '',
          defaultLanguage: user.defaultLanguage ?? 'en',
          companyName: user.companyName ?? '',
          companyAddress: user.companyAddress ?? '',
          passwordHash: user.passwordHash,
          status: user.status,
          roles: JSON.stringify(user.roles),
          now: now(),
        });
        setGrants(
          id,
          (user.sites ?? []).map((site) => site.siteID),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new UsernameTakenError(user.username);
        throw error;
      }
      return mustFind(id);
    },
    setPassword(id, passwordHash) {
      setPassword.run(passwordHash, now(), id);
      return mustFind(id);
    },
    updateProfile(id, changes) {
      const current = mustFind(id);
      const next = { ...current, ...changes };
      updateProfile.run(
        next.name,
        next.email,
        next.phone,
        next.defaultLanguage,
        next.companyName,
        next.companyAddress,
        now(),
        id,
      );
      return mustFind(id);
    },
    setRoles(id, roles) {
      setRoles.run(JSON.stringify(roles), now(), id);
      return mustFind(id);
    },
    updateInvitation(id, details) {
      updateInvitation.run(details.name, JSON.stringify(details.roles), details.defaultLanguage, now(), id);
      setGrants(
        id,
        details.sites.map((site) => site.siteID),
      );
      return mustFind(id);
    },
    setSites(id, siteIds) {
      setGrants(id, siteIds);
      return mustFind(id);
    },
    changeEmail(id, email, username) {
      try {
        changeEmail.run(email.trim(), username.trim(), now(), id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new UsernameTakenError(username);
        throw error;
      }
      return mustFind(id);
    },
  };
}
