import type { SearchState } from '../search/searchSlice';
import type { MapState } from '../map/mapSlice';
import {
  CURRENT_SNAPSHOT_VERSION,
  SNAPSHOT_FORMAT,
  type SnapshotState,
  type StoreSnapshot,
} from './snapshotFormat';

/**
 * Version 1 (2026-11, ADR 009): the six slices of the first screens and the api caches. Frozen here as it
 * was written, so a support file from then still loads: its search has no `includeRoads` of its own, its map
 * no `fitTo`, and it carries none of the slices added since (layers, lists, saved searches, comparison, …).
 */
export interface StoreSnapshotV1 {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  capturedAt: number;
  url: string;
  description?: string;
  state: Pick<SnapshotState, 'session' | 'language' | 'ui' | 'parcel' | 'api'> & {
    search: Omit<SearchState, 'includeRoads'>;
    map: Omit<MapState, 'fitTo'>;
  };
}

/** A snapshot file of any version this build knows. */
export type AnyStoreSnapshot = StoreSnapshotV1 | StoreSnapshot;

/**
 * v1 → v2. The slices that v1 did not carry start as they started in a v2 app (written out here rather than
 * taken from the slices, so a later change of a slice cannot change what this step did: it would be v3's
 * step); the search's roads choice is the one its advanced draft shows; the map has no pending fit.
 */
export function upgradeV1ToV2(snapshot: StoreSnapshotV1): StoreSnapshot {
  const { search, map, ...carried } = snapshot.state;
  return {
    ...snapshot,
    version: 2,
    state: {
      ...carried,
      search: { ...search, includeRoads: search.draft.includeRoads ?? false },
      map: { ...map, fitTo: null },
      layers: { panelOpen: false, on: [], opacity: {}, legendHidden: [], styles: {}, status: {} },
      lists: {
        panelOpen: false,
        openListId: null,
        statusFilter: null,
        assigneeFilter: null,
        sort: 'added',
        expandedPrcId: null,
      },
      savedSearches: { panelOpen: false },
      compare: { entries: [] },
      site: { building: false, entries: [] },
      mapSelection: { active: false, shape: 'box', parcels: null, roadsLeftOut: 0 },
      notifications: { push: 'checking', busy: false, message: null, unread: 0, recent: [] },
      exportJobs: { jobs: [] },
      reports: { language: null, pending: null },
      print: { dialogOpen: false, frame: null },
      measure: { mode: 'off', points: [], finished: false },
    },
  };
}

function describeVersion(file: unknown): string {
  if (typeof file !== 'object' || file === null) return 'it is not a JSON object';
  const { format, version } = file as { format?: unknown; version?: unknown };
  if (format !== SNAPSHOT_FORMAT) return `its format is ${JSON.stringify(format)}`;
  return `it has version ${JSON.stringify(version)}`;
}

/** Each known version's way to the current one: its own step, then the next version's (v1 → v2 → …). */
function upgradeToCurrent(snapshot: AnyStoreSnapshot): StoreSnapshot {
  switch (snapshot.version) {
    case 1:
      return upgradeToCurrent(upgradeV1ToV2(snapshot));
    case CURRENT_SNAPSHOT_VERSION:
      return snapshot;
  }
}

const KNOWN_VERSIONS: readonly unknown[] = [1, CURRENT_SNAPSHOT_VERSION];

/**
 * Reads a snapshot file of any known version and upgrades it to the current one, each step a pure function
 * of the previous version. A file from a newer build, or no snapshot at all, is refused with a message that
 * says which versions this build reads.
 */
export function loadStoreSnapshot(file: unknown): StoreSnapshot {
  const snapshot = file as Partial<AnyStoreSnapshot> | null;
  if (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    snapshot.format === SNAPSHOT_FORMAT &&
    KNOWN_VERSIONS.includes(snapshot.version)
  ) {
    return upgradeToCurrent(snapshot as AnyStoreSnapshot);
  }
  throw new Error(
    `Not a ${SNAPSHOT_FORMAT} file this version of Parcel Atlas can read: ${describeVersion(file)}, ` +
      `and it reads versions 1 to ${CURRENT_SNAPSHOT_VERSION} (a file from a newer app needs that app).`,
  );
}
