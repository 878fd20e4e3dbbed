import type { Site } from '../../../../src/contract/Profile';

export type UserStatus = 'active' | 'invited';

/** One account as the store keeps it. */
export interface UserRecord {
  id: string;
  /** Unique ignoring case; for self-registered accounts the e-mail address. */
  username: string;
  email: string;
  name: string;
  phone: string;
  defaultLanguage: string;
  companyName: string;
  companyAddress: string;
  /** argon2id hash; null while an invitation is not yet accepted. */
  passwordHash: string | null;
  status: UserStatus;
  roles: string[];
  accessRights: string[];
  sites: Site[];
  teams: string[];
  /**
   * Moves on with every password change. No longer checked by the guard: tokens carry a session id instead,
   * and password changes revoke sessions (server/services/sessions).
   */
  tokenVersion: number;
}

export type NewUser = Pick<UserRecord, 'username' | 'email' | 'passwordHash' | 'status' | 'roles'> &
  Partial<
    Pick<UserRecord, 'name' | 'phone' | 'defaultLanguage' | 'companyName' | 'companyAddress' | 'sites'>
  >;

export type ProfileChanges = Partial<
  Pick<UserRecord, 'name' | 'email' | 'phone' | 'defaultLanguage' | 'companyName' | 'companyAddress'>
>;

/** The accounts repository (design §1: one interface per aggregate, SQLite behind it today). */
export interface UserStore {
  findById(id: string): Promise<UserRecord | null>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<UserRecord | null>;
  list(): Promise<UserRecord[]>;
  /** Throws UsernameTakenError when the username exists (ignoring case). */
  create(user: NewUser): Promise<UserRecord>;
  /** Sets the password hash, activates the account and bumps the token version; returns the new record. */
  setPassword(id: string, passwordHash: string): Promise<UserRecord>;
  updateProfile(id: string, changes: ProfileChanges): Promise<UserRecord>;
  setRoles(id: string, roles: string[]): Promise<UserRecord>;
  /** Replaces the sites granted to the user (a site id not known yet is created with the id as its name). */
  setSites(id: string, siteIds: readonly string[]): Promise<UserRecord>;
  /** Sets the e-mail and the username (which may be the same address); UsernameTakenError when taken. */
  changeEmail(id: string, email: string, username: string): Promise<UserRecord>;
  /** Re-invites a not-yet-accepted account with new details. */
  updateInvitation(
    id: string,
    details: Pick<UserRecord, 'name' | 'roles' | 'sites' | 'defaultLanguage'>,
  ): Promise<UserRecord>;
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`An account with the username ${username} already exists`);
  }
}
