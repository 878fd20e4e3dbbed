import { Result } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { clearSession, selectHasToken, selectProfile } from '../features/auth/sessionSlice';
import { useProfileRefresh } from '../features/auth/useProfileRefresh';
import { showSnackbar } from '../features/ui/uiSlice';
import { hasAccess, type RoleRequirement } from '../lib/accessCheck';
import { useAppDispatch, useAppSelector } from './hooks';
import { ROUTE_PATHS } from './routePaths';

export interface RequireRoleProps {
  roles: RoleRequirement;
  children: ReactNode;
}

/**
 * The route guard of spec §4: no token → /login; a profile lacking the role → at `/` the session is
 * cleared and the user goes to /login, elsewhere the navigation is refused with 'DENIED ACCESS'.
 */
export function RequireRole({ roles, children }: RequireRoleProps) {
  useProfileRefresh();
  const hasToken = useAppSelector(selectHasToken);
  const profile = useAppSelector(selectProfile);
  const { pathname } = useLocation();

  if (!hasToken) return <Navigate to={ROUTE_PATHS.login} replace />;
  // The profile is being loaded for the first time (useProfileRefresh); nothing to decide yet.
  if (!profile) return null;
  if (profile.twoFactorSetupRequired) return <Navigate to={ROUTE_PATHS.twoFactorSetup} replace />;
  if (hasAccess(profile.roles, roles)) return <>{children}</>;
  if (pathname === ROUTE_PATHS.mapview) return <ClearSessionAndLogin />;
  return <AccessDenied />;
}

function ClearSessionAndLogin() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(clearSession());
  }, [dispatch]);
  return <Navigate to={ROUTE_PATHS.login} replace />;
}

/** Refuses the navigation: back to where the user came from when there is such a place. */
function AccessDenied() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const intl = useIntl();
  const cameFromAnotherPage = location.key !== 'default';
  useEffect(() => {
    dispatch(showSnackbar('error', { id: 'error.deniedAccess' }));
    if (cameFromAnotherPage) navigate(-1);
  }, [dispatch, navigate, cameFromAnotherPage]);
  return <Result status="403" title={intl.formatMessage({ id: 'error.deniedAccess' })} />;
}
