import type { UnknownAction } from '@reduxjs/toolkit';
import { locationChanged, type AppRouter } from '../../store/appLifecycle';
import type { AppStartListening, RootState } from '../../store/storeTypes';
import { composeQuery, rowAgrees, rowsAt, URL_STATE_TABLE, type UrlStateRow } from './urlStateTable';

/** How many of its own URL rewrites the listener remembers while the router has yet to report them. */
const REMEMBERED_WRITES = 16;

const withoutQuestionMark = (search: string) => search.replace(/^\?/, '');

/**
 * Applies the URL-state table in both directions (web-mapviewer's storeSync plugin is the model):
 * - a location (the start, a link, back/forward, another screen's navigation): each row of the route that
 *   the URL does not already agree with is read into the store, or, when the URL lacks it and the row says
 *   so, the store's value is written back;
 * - a state change a row follows: the row's keys are rewritten (replace, no history entry), every other key
 *   kept.
 * The URL's own rewrites come back as locations; they are recognised and not read again, and the writes a
 * restore causes wait until the whole URL is read, so one row's half-restored state never drops another's key.
 */
export function addUrlStateListeners(startListening: AppStartListening): void {
  const ownWrites: string[] = [];
  let restoring = false;

  /** Rewrites these rows' keys in the router's current URL where it does not show the state. */
  const writeRows = (rows: readonly UrlStateRow[], state: RootState, router: AppRouter) => {
    const { location } = router.state;
    const query = withoutQuestionMark(location.search);
    const rewrites = new Map<UrlStateRow, string[]>();
    for (const row of rows) {
      const parts = row.write(state);
      if (parts !== null && !rowAgrees(row, query, state)) rewrites.set(row, parts);
    }
    if (rewrites.size === 0) return;
    const wanted = composeQuery(query, rewrites);
    if (wanted === query) return;
    ownWrites.push(`${location.pathname}?${wanted}`);
    if (ownWrites.length > REMEMBERED_WRITES) ownWrites.shift();
    void router.navigate({ pathname: location.pathname, search: wanted }, { replace: true });
  };

  startListening({
    actionCreator: locationChanged,
    effect: ({ payload: location }, listenerApi) => {
      const query = withoutQuestionMark(location.search);
      if (location.navigation === 'REPLACE') {
        const own = ownWrites.indexOf(`${location.pathname}?${query}`);
        // The URL's own rewrite (and any older one the router skipped): the store already shows it.
        if (own >= 0) {
          ownWrites.splice(0, own + 1);
          return;
        }
      }
      const rows = rowsAt(location.pathname);
      const before = listenerApi.getState();
      const params = new URLSearchParams(query);
      const actions: UnknownAction[] = [];
      const writeBack: UrlStateRow[] = [];
      for (const row of rows) {
        if (row.restore === 'urlOnArrival' && location.navigation === 'REPLACE') continue;
        if (rowAgrees(row, query, before)) continue;
        if (row.carried(params)) actions.push(...row.read(params, before));
        else if (row.restore === 'urlElseWriteBack') writeBack.push(row);
      }
      restoring = true;
      try {
        for (const action of actions) listenerApi.dispatch(action);
      } finally {
        restoring = false;
      }
      // Another listener may have taken the router elsewhere meanwhile: these rows are this path's.
      if (listenerApi.extra.state.location.pathname !== location.pathname) return;
      const after = listenerApi.getState();
      const rewritten = rows.filter((row) => writeBack.includes(row) || row.changed(after, before));
      writeRows(rewritten, after, listenerApi.extra);
    },
  });

  startListening({
    predicate: (_action, current, previous) =>
      !restoring && URL_STATE_TABLE.some((row) => row.changed(current, previous)),
    effect: (_action, listenerApi) => {
      const current = listenerApi.getState();
      const previous = listenerApi.getOriginalState();
      const changed = rowsAt(listenerApi.extra.state.location.pathname).filter((row) =>
        row.changed(current, previous),
      );
      writeRows(changed, current, listenerApi.extra);
    },
  });
}
