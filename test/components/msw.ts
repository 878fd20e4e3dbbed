/**
 * msw for component tests. Start one server PER TEST FILE (a global server swallowed socket.io's websocket
 * upgrade, see stack-notes), e.g.
 *
 *   const server = startMswServer(http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(profile)));
 *   test('…', () => { server.use(http.post(apiUrl('/api/user/login'), () => HttpResponse.json({…}))); … });
 *
 * Requests nobody handles fail the test ('error'), so a renamed endpoint cannot pass silently.
 */
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

/** The origin the app calls in jsdom (runtime config defaults to the page's origin). */
export const TEST_ORIGIN = 'http://localhost';

/** An absolute URL on the test origin: `apiUrl('/v1/secure/subscriptions')`. */
export function apiUrl(path: string): string {
  return `${TEST_ORIGIN}${path}`;
}

/** Creates the file's msw server and wires it to beforeAll / afterEach / afterAll. */
export function startMswServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
