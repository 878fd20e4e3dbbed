import type { RootState } from '../../store/storeTypes';
import type { CompareState } from '../compare/compareSlice';
import type { SessionState } from '../auth/sessionSlice';

/** The `format` of every store snapshot file, whatever its version. */
export const SNAPSHOT_FORMAT = 'parcel-atlas/store-snapshot';

/** The version `snapshotOf` writes; older files are upgraded to it step by step (snapshotUpgrades.ts). */
export const CURRENT_SNAPSHOT_VERSION = 2;

/**
 * The client-state slices a snapshot carries: every slice that makes a screen. The transient form steps
 * (login, activation) stay out, and so do the RTK Query caches, which travel as their fulfilled queries.
 */
export const SNAPSHOT_SLICES = [
  'session',
  'language',
  'ui',
  'search',
  'parcel',
  'map',
  'layers',
  'lists',
  'savedSearches',
  'compare',
  'site',
  'mapSelection',
  'notifications',
  'exportJobs',
  'reports',
  'print',
  'measure',
] as const;

/** The three RTK Query caches, by reducer path. */
export type ApiPath = 'ssoApi' | 'mainApi' | 'paymentApi';
export type ApiQueries = RootState[ApiPath]['queries'];

type SnapshotSlice = (typeof SNAPSHOT_SLICES)[number];

/** The persisted slices (session, comparison tray) are carried without redux-persist's `_persist`. */
export type SnapshotState = Pick<RootState, Exclude<SnapshotSlice, 'session' | 'compare'>> & {
  session: SessionState;
  compare: CompareState;
  api: Partial<Record<ApiPath, ApiQueries>>;
};

/** A snapshot of the current version: what `snapshotOf` writes and what the store boots from. */
export interface StoreSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof CURRENT_SNAPSHOT_VERSION;
  /** Epoch milliseconds; times in the state (token expiry, profile age) are replayed relative to it. */
  capturedAt: number;
  /** Path and query string the user was on. */
  url: string;
  /** What the snapshot shows (fixtures say what they are for). */
  description?: string;
  state: SnapshotState;
}
