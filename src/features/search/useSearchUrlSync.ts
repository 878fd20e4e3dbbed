import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { hasSearchInput } from './hasSearchInput';
import { queryStringFromSearch } from './queryStringFromSearch';
import { searchFromQueryString } from './searchFromQueryString';
import { searchRestored, selectActiveSearch } from './searchSlice';

/**
 * Mirrors the search on screen in the URL query string (filters + page + size, spec §2). On load the
 * URL wins, so a reload or a shared link restores the same screen; afterwards the store writes it.
 */
export function useSearchUrlSync(): void {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveSearch);
  const [params, setParams] = useSearchParams();
  const restored = useRef(false);
  // Between dispatching a restore and seeing it in `active`, the URL must not be overwritten.
  const restoring = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    // A URL without a search (e.g. back from /settings) keeps the search the store already has.
    const search = searchFromQueryString(params.toString());
    if (hasSearchInput(search.criteria)) {
      restoring.current = true;
      dispatch(searchRestored(search));
    }
  }, [dispatch, params]);

  useEffect(() => {
    if (!restored.current) return;
    if (restoring.current) {
      if (!active) return;
      restoring.current = false;
    }
    const wanted = active ? queryStringFromSearch(active.criteria, active.paging) : '';
    if (wanted !== params.toString()) setParams(new URLSearchParams(wanted), { replace: true });
  }, [active, params, setParams]);
}
