import { ROUTE_PATHS } from '../../routing/routePaths';

/** The query parameter of /login that names where to go back to after logging in (e.g. the checkout). */
export const RETURN_PARAM = 'next';

/** `/login?next=…` for a screen that sends the user to log in and wants them back afterwards. */
export function loginPathReturningTo(path: string): string {
  return `${ROUTE_PATHS.login}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/**
 * Where a login started from `search` (the /login query string) goes: the `next` path when it is a path of
 * this app (one leading slash, so never another origin like `//evil.example`), else the map view.
 */
export function returnPathAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return ROUTE_PATHS.mapview;
  if (next === ROUTE_PATHS.login || next.startsWith(`${ROUTE_PATHS.login}?`)) return ROUTE_PATHS.mapview;
  return next;
}
