import crypto from 'node:crypto';
import { UsernameTakenError, type UserRecord, type UserStore } from '../../contract/users/UserStore';
import { toUserRecord, type UserRow } from '../../contract/users/userRow';
import { isUniqueViolation, type PostgresConnection } from '../PostgresConnection';

/** The columns of a UserRow: the JSONB lists as JSON text, as SQLite keeps them. */
const USER_COLUMNS = `id, username, email, name, phone, default_language, company_name, company_address,
  password_hash, status, roles::text AS roles, access_rights::text AS access_rights, teams::text AS teams,
  token_version`;

const now = () => new Date().toISOString();

/**
 * Accounts in PostgreSQL. A taken username is found with ON CONFLICT DO NOTHING rather than a caught
 * unique violation: a failed statement aborts the caller's whole transaction in PostgreSQL (in SQLite it
 * does not), and a caller may go on after UsernameTakenError. Text is ordered with the C collation, as
 * SQLite's binary collation orders it.
 */
export function createPostgresUserStore(db: PostgresConnection): UserStore {
  const sitesOf = async (userId: string) =>
    await db.query<{ siteID: string; name: string }>(
      `SELECT sites.id AS "siteID", sites.name AS name FROM user_sites JOIN sites ON sites.id = user_sites.site_id
       WHERE user_sites.user_id = $1 ORDER BY sites.name COLLATE "C", sites.id COLLATE "C"`,
      [userId],
    );
  /** Replaces the user's site grants; a site not yet known is created with its id as name. */
  const setGrants = async (userId: string, siteIds: readonly string[]) =>
    await db.transaction(async () => {
      await db.run('DELETE FROM user_sites WHERE user_id = $1', [userId]);
      for (const siteId of siteIds) {
        await db.run('INSERT INTO sites (id, name, created_at) VALUES ($1, $1, $2) ON CONFLICT DO NOTHING', [
          siteId,
          Date.now(),
        ]);
        await db.run('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          userId,
          siteId,
        ]);
      }
    });
  const record = async (row: UserRow) => toUserRecord(row, await sitesOf(row.id));
  const byId = async (id: string) =>
    await db.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);

  async function mustFind(id: string): Promise<UserRecord> {
    const row = await byId(id);
    if (!row) throw new Error(`user ${id} not found`);
    return record(row);
  }

  /** True when no other account holds `username` (ignoring case). */
  const usernameFree = async (username: string, exceptId: string) =>
    (await db.one('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [
      username,
      exceptId,
    ])) === null;

  return {
    async findById(id) {
      const row = await byId(id);
      return row ? record(row) : null;
    },
    async findByUsername(username) {
      const row = await db.one<UserRow>(
        `SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`,
        [username.trim()],
      );
      return row ? record(row) : null;
    },
    list: async () =>
      Promise.all(
        (
          await db.query<UserRow>(
            `SELECT ${USER_COLUMNS} FROM users ORDER BY lower(username) COLLATE "C", username COLLATE "C"`,
          )
        ).map(record),
      ),
    async create(user) {
      const id = crypto.randomUUID();
      return await db.transaction(async () => {
        const inserted = await db.run(
          `INSERT INTO users (id, username, email, name, phone, default_language, company_name, company_address,
             password_hash, status, roles, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
           ON CONFLICT DO NOTHING`,
          [
            id,
            user.username.trim(),
            user.email.trim(),
            user.name ?? '',
            user.phone ?? '',
            user.defaultLanguage ?? 'en',
            user.companyName ?? '',
            user.companyAddress ?? '',
            user.passwordHash,
            user.status,
            JSON.stringify(user.roles),
            now(),
          ],
        );
        if (inserted === 0) throw new UsernameTakenError(user.username);
        await setGrants(
          id,
          (user.sites ?? []).map((site) => site.siteID),
        );
        return mustFind(id);
      });
    },
    async setPassword(id, passwordHash) {
      await db.run(
        `UPDATE users SET password_hash = $1, status = 'active', token_version = token_version + 1, updated_at = $2
         WHERE id = $3`,
        [passwordHash, now(), id],
      );
      return mustFind(id);
    },
    async updateProfile(id, changes) {
      const next = { ...(await mustFind(id)), ...changes };
      await db.run(
        `UPDATE users SET name = $1, email = $2, phone = $3, default_language = $4, company_name = $5,
           company_address = $6, updated_at = $7 WHERE id = $8`,
        [
          next.name,
          next.email,
          next.phone,
          next.defaultLanguage,
          next.companyName,
          next.companyAddress,
          now(),
          id,
        ],
      );
      return mustFind(id);
    },
    async setRoles(id, roles) {
      await db.run('UPDATE users SET roles = $1, updated_at = $2 WHERE id = $3', [
        JSON.stringify(roles),
        now(),
        id,
      ]);
      return mustFind(id);
    },
    async updateInvitation(id, details) {
      return await db.transaction(async () => {
        await db.run(
          'UPDATE users SET name = $1, roles = $2, default_language = $3, updated_at = $4 WHERE id = $5',
          [details.name, JSON.stringify(details.roles), details.defaultLanguage, now(), id],
        );
        await setGrants(
          id,
          details.sites.map((site) => site.siteID),
        );
        return mustFind(id);
      });
    },
    async setSites(id, siteIds) {
      await setGrants(id, siteIds);
      return mustFind(id);
    },
    async changeEmail(id, email, username) {
      // Its own unit (a savepoint inside the caller's): a unique violation lost to a concurrent claim on
      // another instance rolls back only this step, and the caller sees UsernameTakenError either way.
      return await db.transaction(async () => {
        if (!(await usernameFree(username.trim(), id))) throw new UsernameTakenError(username);
        try {
          await db.run('UPDATE users SET email = $1, username = $2, updated_at = $3 WHERE id = $4', [
            email.trim(),
            username.trim(),
            now(),
            id,
          ]);
        } catch (error) {
          if (isUniqueViolation(error)) throw new UsernameTakenError(username);
          throw error;
        }
        return mustFind(id);
      });
    },
  };
}
