import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingMask } from '../../features/ui/LoadingMask';
import { SnackbarArea } from '../../features/ui/SnackbarArea';

/**
 * The app layout: the root of every route (spec §2: a route with no named layout gets it). It carries what
 * every screen shares: the loading mask and the snackbars (the `lang` query parameter is a row of the
 * URL-state table, applied by a listener). The simple and map layouts nest inside it.
 */
export function AppLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <SnackbarArea />
      <LoadingMask />
    </>
  );
}
