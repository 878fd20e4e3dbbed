import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { type UserRecord, type UserStatus, UsernameTakenError, type UserStore } from './UserStore';
interface UserRow {
  id: string;
  username: string;
  email: string;
  name: string;
  phone: string;
  default_language: string;
  company_name: string;
  company_address: string;
  password_hash: string | null;
  status: UserStatus;
  roles: string;
  access_rights: string;
  sites: string;
  teams: string;
  token_version: number;
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    phone: row.phone,
    defaultLanguage: row.default_language,
    companyName: row.company_name,
    companyAddress: row.company_address,
    passwordHash: row.password_hash,
    status: row.status,
    roles: JSON.parse(row.roles) as string[],
    accessRights: JSON.parse(row.access_rights) as string[],
    sites: JSON.parse(row.sites) as UserRecord['sites'],
    teams: JSON.parse(row.teams) as string[],
    tokenVersion: row.token_version,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createSqliteUserStore(db: Database): UserStore {
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const byUsername = db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?');
  const all = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY username');
  const insert = db.prepare(
    `INSERT INTO users (id, username, email, name, phone, default_language, company_name, company_address,
       password_hash, status, roles, sites, created_at, updated_at)
     VALUES (@id, @username, @email, @name, @phone, @defaultLanguage, @companyName, @companyAddress,
       @passwordHash, @status, @roles, @sites, @now, @now)`,
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
  const updateInvitation = db.prepare<[string, string, string, string, string, string]>(
    'UPDATE users SET name = ?, roles = ?, sites = ?, default_language = ?, updated_at = ? WHERE id = ?',
  );
  const now = () => new Date().toISOString();

  function mustFind(id: string): UserRecord {
    const row = byId.get(id);
    if (!row) throw new Error(`user ${id} not found`);
    return toRecord(row);
  }

  return {
    findById: (id) => {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    findByUsername: (username) => {
      const row = byUsername.get(username.trim());
      return row ? toRecord(row) : null;
    },
    list: () => all.all().map(toRecord),
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
          sites: JSON.stringify(user.sites ?? []),
          now: now(),
        });
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
      updateInvitation.run(
        details.name,
        JSON.stringify(details.roles),
        JSON.stringify(details.sites),
        details.defaultLanguage,
        now(),
        id,
      );
      return mustFind(id);
    },
  };
}
