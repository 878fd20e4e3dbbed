import { createAction } from '@reduxjs/toolkit';
import { mainApi } from '../../api/mainApi';
import { paymentApi } from '../../api/paymentApi';
import { ssoApi } from '../../api/ssoApi';
import { appStarted } from '../../store/appLifecycle';
import type { AppPreloadedState, AppStartListening, RootState } from '../../store/storeTypes';
import { redactPersonalData, redactSecrets } from './secretRedaction';
import {
  CURRENT_SNAPSHOT_VERSION,
  SNAPSHOT_FORMAT,
  SNAPSHOT_SLICES,
  type ApiQueries,
  type SnapshotState,
  type StoreSnapshot,
} from './snapshotFormat';
import { loadStoreSnapshot } from './snapshotUpgrades';

/**
 * A support snapshot (format and versions: snapshotFormat.ts, upgrades: snapshotUpgrades.ts): the replayable
 * part of a user's store (design.md §3), with tokens and personal data removed. The same file is a test
 * fixture (`test/fixtures/store/*.json`): booting the real store from it renders the user's screen again.
 */
/** The server caches it carries (fulfilled queries only), so the screen replays without the server. */
const API_SLICES = [ssoApi, mainApi, paymentApi] as const;

/** Support asked for a snapshot (the shortcut): a listener turns the current state into a download. */
export const supportSnapshotRequested = createAction('support/snapshotRequested');

function fulfilledQueries(queries: ApiQueries): ApiQueries {
  return Object.fromEntries(
    Object.entries(queries).filter(([, entry]) => entry?.status === 'fulfilled'),
  ) as ApiQueries;
}

/** A persisted slice (session, comparison tray) without redux-persist's bookkeeping. */
function withoutPersist(slice: object): object {
  const { _persist: _ignored, ...rest } = slice as { _persist?: unknown };
  return rest;
}

/** The snapshot of a state, secrets and personal data removed. */
export function snapshotOf(state: RootState, url: string, capturedAt: number): StoreSnapshot {
  const slices = Object.fromEntries(SNAPSHOT_SLICES.map((name) => [name, withoutPersist(state[name])]));
  const api = Object.fromEntries(
    API_SLICES.map(({ reducerPath }) => [reducerPath, fulfilledQueries(state[reducerPath].queries)]),
  );
  return {
    format: SNAPSHOT_FORMAT,
    version: CURRENT_SNAPSHOT_VERSION,
    capturedAt,
    url,
    state: redactPersonalData(redactSecrets({ ...slices, api } as SnapshotState)),
  };
}

function shifted(time: number | null, by: number): number | null {
  return time === null ? null : time + by;
}

/**
 * The preloaded state that boots the real store (makeStore) from a snapshot file of any known version
 * (upgraded first). Times move with the clock: a token that had 300 days left when captured has 300 days
 * left now, so a fixture never goes stale.
 */
export function preloadedStateFromSnapshot(file: unknown, now: number): AppPreloadedState {
  const snapshot = loadStoreSnapshot(file);
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
