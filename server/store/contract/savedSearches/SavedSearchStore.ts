import type { AlertFrequency, AreaOfInterest } from '../../../../src/contract/SavedSearches';

/** A saved search with its owner's and site's names. Times are epoch milliseconds. */
export interface SavedSearchRecord {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  query: string;
  area: AreaOfInterest | null;
  alert: AlertFrequency;
  siteId: string | null;
  siteName: string | null;
  /** The dataset build the search was last matched against; null before its first matching. */
  matchedVersion: string | null;
  /** When its last digest went out (daily and weekly alerts); null before the first. */
  digestAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewSavedSearch {
  id: string;
  ownerId: string;
  name: string;
  query: string;
  area: AreaOfInterest | null;
  alert: AlertFrequency;
  siteId: string | null;
  at: number;
}

/** The owner's changes; absent fields stay. */
export interface SavedSearchChange {
  name?: string;
  alert?: AlertFrequency;
  siteId?: string | null;
}

/**
 * Saved searches and the parcels each was found to match (migration 94). A match is recorded once per
 * search and parcel, whoever records it first; that first recording is what makes an alert, so none is
 * sent twice. Who may see or change what is the service's question (SavedSearchService).
 */
export interface SavedSearchStore {
  create(search: NewSavedSearch): Promise<void>;
  find(id: string): Promise<SavedSearchRecord | null>;
  /** The searches the user owns or that are shared with a site the user belongs to, latest change first. */
  visible(userId: string): Promise<SavedSearchRecord[]>;
  countOwned(ownerId: string): Promise<number>;
  update(id: string, change: SavedSearchChange, at: number): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  /** Every search whose alert is not off, oldest first. */
  alerting(): Promise<SavedSearchRecord[]>;
  /**
   * Records these parcels as matches of the search; `alertedAt` null leaves them for a digest. Answers
   * the parcels recorded now (those recorded before are left out, so each is told of once).
   */
  recordMatches(
    searchId: string,
    prcIds: readonly string[],
    foundAt: number,
    alertedAt: number | null,
  ): Promise<string[]>;
  /** The search's matches no alert has told of yet, in the order found. */
  pendingMatches(searchId: string): Promise<string[]>;
  markAlerted(searchId: string, prcIds: readonly string[], at: number): Promise<void>;
  setMatchedVersion(searchId: string, version: string): Promise<void>;
  /**
   * Claims the search's digest due at `at`: moves its digest time from `lastAt` (what the caller read; null
   * before the first digest) to `at` in one conditional update. True for the one caller that moved it; any
   * other instance that read the same `lastAt` gets false and sends nothing (ADR 032).
   */
  claimDigest(searchId: string, lastAt: number | null, at: number): Promise<boolean>;
}

/** A person's display name: the name, else the username. */
const personName = (alias: string) => `COALESCE(NULLIF(${alias}.name, ''), ${alias}.username)`;

export const SAVED_SEARCH_SELECT = `SELECT q.id, q.owner_id, ${personName('o')} AS owner_name, q.name, q.query,
  q.area, q.alert, q.site_id, s.name AS site_name, q.matched_version, q.digest_at, q.created_at, q.updated_at
  FROM saved_searches q JOIN users o ON o.id = q.owner_id LEFT JOIN sites s ON s.id = q.site_id`;

export interface SavedSearchRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  query: string;
  area: string | null;
  alert: AlertFrequency;
  site_id: string | null;
  site_name: string | null;
  matched_version: string | null;
  digest_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

export const toSavedSearchRecord = (row: SavedSearchRow): SavedSearchRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  name: row.name,
  query: row.query,
  area: row.area === null ? null : (JSON.parse(row.area) as AreaOfInterest),
  alert: row.alert,
  siteId: row.site_id,
  siteName: row.site_name,
  matchedVersion: row.matched_version,
  digestAt: row.digest_at === null ? null : Number(row.digest_at),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The SET list and values of an update (column = ? pairs), updated_at last. */
export function changeAssignments(
  change: SavedSearchChange,
  at: number,
): { columns: string[]; values: (string | number | null)[] } {
  const fields: [string, string | null | undefined][] = [
    ['name', change.name],
    ['alert', change.alert],
    ['site_id', change.siteId],
  ];
  const set = fields.filter(([, value]) => value !== undefined) as [string, string | null][];
  return {
    columns: [...set.map(([column]) => column), 'updated_at'],
    values: [...set.map(([, value]) => value), at],
  };
}
