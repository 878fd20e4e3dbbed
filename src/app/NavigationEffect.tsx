import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { navigationDone, selectPendingNavigation } from '../features/ui/uiSlice';
import { useAppDispatch, useAppSelector } from './hooks';

/** Performs navigations that listeners request through the ui slice (they have no router of their own). */
export function NavigationEffect() {
  const target = useAppSelector(selectPendingNavigation);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (target === null) return;
    dispatch(navigationDone());
    navigate(target);
  }, [target, dispatch, navigate]);
  return null;
}
