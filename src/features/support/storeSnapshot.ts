import { createAction } from '@reduxjs/toolkit';
import { mainApi } from '../../api/mainApi';
import { paymentApi } from '../../api/paymentApi';
import { ssoApi } from '../../api/ssoApi';
import { appStarted } from '../../store/appLifecycle';
import type { AppPreloadedState, AppStartListening, RootState } from '../../store/storeTypes';
import type { SessionState } from '../auth/sessionSlice';
import { redactPersonalData, redactSecrets } from './secretRedaction';

/**
 * A support snapshot: the replayable part of a user's store (design.md §3), with tokens and personal data
 * removed. The same file is a test fixture (`test/fixtures/store/*.json`): booting the real store from it
 * renders the user's screen again.
 */
export const SNAPSHOT_FORMAT = 'parcel-atlas/store-snapshot';

/** The client-state slices a snapshot carries; the screens' transient form steps (login, activation) stay out. */
const CLIENT_SLICES = ['session', 'language', 'ui', 'search', 'parcel', 'map'] as const;
/** The server caches it carries (fulfilled queries only), so the screen replays without the server. */
const API_SLICES = [ssoApi, mainApi, paymentApi] as const;

type ClientSlice = (typeof CLIENT_SLICES)[number];
type ApiPath = (typeof API_SLICES)[number]['reducerPath'];
type ApiQueries = RootState[ApiPath]['queries'];

export interface StoreSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  /** Epoch milliseconds; times in the state (token expiry, profile age) are replayed relative to it. */
  capturedAt: number;
  /** Path and query string the user was on. */
  url: string;
  /** What the snapshot shows (fixtures say what they are for). */
  description?: string;
  state: Pick<RootState, Exclude<ClientSlice, 'session'>> & {
    session: SessionState;
    api: Partial<Record<ApiPath, ApiQueries>>;
  };
}

/** Support asked for a snapshot (the shortcut): a listener turns the current state into a download. */
export const supportSnapshotRequested = createAction('support/snapshotRequested');

function fulfilledQueries(queries: ApiQueries): ApiQueries {
  return Object.fromEntries(
    Object.entries(queries).filter(([, entry]) => entry?.status === 'fulfilled'),
  ) as ApiQueries;
}

/** The snapshot of a state, secrets and personal data removed. */
export function snapshotOf(state: RootState, url: string, capturedAt: number): StoreSnapshot {
  const slices = Object.fromEntries(CLIENT_SLICES.map((name) => [name, state[name]])) as Pick<
    RootState,
    ClientSlice
  >;
  const { _persist: _ignored, ...session } = slices.session as typeof slices.session & { _persist?: unknown };
  const api = Object.fromEntries(
    API_SLICES.map(({ reducerPath }) => [reducerPath, fulfilledQueries(state[reducerPath].queries)]),
  );
  return {
    format: SNAPSHOT_FORMAT,
    version: 1,
    capturedAt,
    url,
    state: redactPersonalData(redactSecrets({ ...slices, session, api })),
  };
}

function shifted(time: number | null, by: number): number | null {
  return time === null ? null : time + by;
}

/**
 * The preloaded state that boots the real store (makeStore) from a snapshot. Times move with the clock:
 * a token that had 300 days left when captured has 300 days left now, so a fixture never goes stale.
 */
export function preloadedStateFromSnapshot(snapshot: StoreSnapshot, now: number): AppPreloadedState {
  if (snapshot.format !== SNAPSHOT_FORMAT || snapshot.version !== 1) {
    throw new Error(`Not a ${SNAPSHOT_FORMAT} version 1 file`);
  }
  const { api, session, ...slices } = snapshot.state;
  const by = now - snapshot.capturedAt;
  const token = (cached: typeof session.ssoToken) =>
    cached && { ...cached, expiresAt: cached.expiresAt + by };
  const caches = Object.fromEntries(
    API_SLICES.map((slice) => [
      slice.reducerPath,
      {
        ...slice.reducer(undefined, { type: 'support/snapshotLoaded' }),
        queries: api[slice.reducerPath] ?? {},
      },
    ]),
  );
  return {
    ...slices,
    ...caches,
    session: {
      ...session,
      ssoToken: token(session.ssoToken),
      mainToken: token(session.mainToken),
      profileFetchedAt: shifted(session.profileFetchedAt, by),
    },
  };
}

/** A file name that sorts by time: parcel-atlas-snapshot-2026-11-22T23-40-05.json. */
export function snapshotFileName(capturedAt: number): string {
  return `parcel-atlas-snapshot-${new Date(capturedAt).toISOString().slice(0, 19).replaceAll(':', '-')}.json`;
}

function download(fileName: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The support shortcut, Ctrl+Alt+S (Ctrl+Option+S on a Mac): support staff on the phone ask the user to
 * press it and send the file. A shortcut, not a menu entry, so the menus stay exactly as spec §2 lists them.
 */
export function isSnapshotShortcut(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'metaKey' | 'code'>,
): boolean {
  return event.ctrlKey && event.altKey && !event.metaKey && event.code === 'KeyS';
}

/** The shortcut (listened for once the app has started) downloads the snapshot of the state at that moment. */
export function addSupportListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: appStarted,
    effect: (_action, listenerApi) => {
      listenerApi.unsubscribe();
      window.addEventListener('keydown', (event) => {
        if (!isSnapshotShortcut(event)) return;
        event.preventDefault();
        listenerApi.dispatch(supportSnapshotRequested());
      });
    },
  });

  startListening({
    actionCreator: supportSnapshotRequested,
    effect: (_action, listenerApi) => {
      const { pathname, search } = listenerApi.extra.state.location;
      const now = Date.now();
      const snapshot = snapshotOf(listenerApi.getState(), `${pathname}${search}`, now);
      download(snapshotFileName(now), `${JSON.stringify(snapshot, null, 2)}\n`);
    },
  });
}
