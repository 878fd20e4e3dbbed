import type { UserRecord, UserStatus } from './UserStore';

/** A `users` row as both adapters read it (the lists as JSON text). */
export interface UserRow {
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
  teams: string;
  token_version: number;
}

export function toUserRecord(row: UserRow, sites: UserRecord['sites']): UserRecord {
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
    sites,
    teams: JSON.parse(row.teams) as string[],
    tokenVersion: row.token_version,
  };
}
