import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { clearSession, selectHasToken, selectProfile } from '../features/auth/sessionSlice';
import { useProfileRefresh } from '../features/auth/useProfileRefresh';
import { hasAccess, type RoleRequirement } from '../lib/accessCheck';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { ROUTE_PATHS } from '../routing/routePaths';

// Its antd Result is loaded only when a navigation is refused, not on every guarded route's first load.
const AccessDenied = lazy(async () => ({
  default: (await import(/* webpackChunkName: "access-denied" */ './AccessDenied')).AccessDenied,
}));

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
  return (
    <Suspense fallback={null}>
      <AccessDenied />
    </Suspense>
  );
}

function ClearSessionAndLogin() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(clearSession());
  }, [dispatch]);
  return <Navigate to={ROUTE_PATHS.login} replace />;
}
