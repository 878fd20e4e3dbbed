import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageFromQuery } from '../../features/i18n/LanguageFromQuery';
import { LoadingMask } from '../../features/ui/LoadingMask';
import { SnackbarArea } from '../../features/ui/SnackbarArea';

/**
 * The app layout: the root of every route (spec §2: a route with no named layout gets it). It carries what
 * every screen shares: the `lang` query parameter, the loading mask
 * and the snackbars. The simple and map layouts nest inside it.
 */
export function AppLayout() {
  return (
    <>
      <LanguageFromQuery />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <SnackbarArea />
      <LoadingMask />
    </>
  );
}
