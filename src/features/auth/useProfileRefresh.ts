import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { showSnackbar } from '../ui/uiSlice';
import { profileEndpoint } from './profile';
import { isProfileStale, logout, selectHasToken, setProfile } from './sessionSlice';

/**
 * Keeps the cached profile within its 600 s cache (spec §4): when it is missing or stale and there is a
 * token, it is reloaded; an answer without a profile or an error logs the user out with
 * 'Error loading profile' (spec §8).
 */
export function useProfileRefresh(): void {
  const dispatch = useAppDispatch();
  const hasToken = useAppSelector(selectHasToken);
  const stale = useAppSelector((state) => isProfileStale(state.session, Date.now()));
  useEffect(() => {
    if (!hasToken || !stale) return;
    let active = true;
    const request = dispatch(
      profileEndpoint.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    const fail = () => {
      if (!active) return;
      dispatch(showSnackbar('error', { id: 'error.loadingProfile' }));
      dispatch(logout());
    };
    request
      .unwrap()
      .then((profile) => (profile ? active && dispatch(setProfile(profile)) : fail()))
      .catch(fail);
    return () => {
      active = false;
    };
  }, [dispatch, hasToken, stale]);
}
