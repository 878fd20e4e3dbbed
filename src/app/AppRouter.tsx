import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';

/** History-mode routing (spec §2). */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
