import { createBrowserRouter, type RouteObject } from 'react-router';
import type { DataRouter } from '../store/appLifecycle';
import { AppRoutes } from './AppRoutes';

/**
 * The app's one route: a splat whose component is the route table (AppRoutes), so the table stays
 * declarative JSX while the router is a data router that listeners can reach (navigate, subscribe).
 * Tests build the same routes with createMemoryRouter.
 */
export const APP_ROUTES: RouteObject[] = [{ path: '*', Component: AppRoutes }];

/** History-mode routing (spec §2). */
export function createAppRouter(): DataRouter {
  return createBrowserRouter(APP_ROUTES);
}
