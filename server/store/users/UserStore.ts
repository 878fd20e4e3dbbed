import type { NewUser, ProfileChanges, UserRecord } from './UserRecord';

/** The accounts repository (design §1: one interface per aggregate, SQLite behind it today). */
export interface UserStore {
  findById(id: string): UserRecord | null;
  /** Case-insensitive. */
  findByUsername(username: string): UserRecord | null;
  list(): UserRecord[];
  /** Throws UsernameTakenError when the username exists (ignoring case). */
  create(user: NewUser): UserRecord;
  /** Sets the password hash, activates the account and bumps the token version; returns the new record. */
  setPassword(id: string, passwordHash: string): UserRecord;
  updateProfile(id: string, changes: ProfileChanges): UserRecord;
  setRoles(id: string, roles: string[]): UserRecord;
  /** Re-invites a not-yet-accepted account with new details. */
  updateInvitation(
    id: string,
    details: Pick<UserRecord, 'name' | 'roles' | 'sites' | 'defaultLanguage'>,
  ): UserRecord;
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`An account with the username ${username} already exists`);
  }
}
