/** One account as the administrators' Users tab lists it (a read model over several tables). */
export interface DirectoryRow {
  id: string;
  username: string;
  email: string;
  name: string;
  status: 'active' | 'invited';
  roles: string[];
  /** Product name of the subscription, or null without one. */
  plan: string | null;
  /** When the last sign-in session started (epoch ms), or null if never. */
  lastLoginAt: number | null;
}

export interface DirectoryQuery {
  /** Matches username, e-mail or name (case-insensitive substring). */
  search: string;
  limit: number;
  offset: number;
}

/** The administrators' account list: search and paging over users with their plan and last sign-in. */
export interface AccountDirectory {
  page(query: DirectoryQuery): Promise<{ rows: DirectoryRow[]; total: number }>;
  find(id: string): Promise<DirectoryRow | null>;
}

/** The directory's query row as both adapters read it (roles as JSON text). */
export interface DirectoryQueryRow {
  id: string;
  username: string;
  email: string;
  name: string;
  status: 'active' | 'invited';
  roles: string;
  plan: string | null;
  last_login_at: number | null;
}

export const toDirectoryRow = (row: DirectoryQueryRow): DirectoryRow => ({
  id: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  status: row.status,
  roles: JSON.parse(row.roles) as string[],
  plan: row.plan,
  lastLoginAt: row.last_login_at,
});
