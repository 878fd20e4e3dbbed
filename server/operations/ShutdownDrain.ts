/**
 * The first phase of a graceful stop (SIGTERM). The instance stops accepting connections at once — a
 * refused connection is one a proxy safely tries on another instance, even for a POST, since nothing
 * reached the app — and for up to `ms` serves the requests on the connections it has, each reply ending
 * its keep-alive connection, while `/readyz` answers 503. A proxy closes its idle pooled connections itself
 * within the drain (deploy/nginx.conf: 2 s), so it never sends a request on a connection the server is
 * closing, the race that would lose a POST.
 */
export interface ShutdownDrain {
  readonly draining: boolean;
  /**
   * Starts draining: `stopListening`, then wait `ms`, or until `connectionsOpen` answers 0 (nothing is
   * left to drain).
   */
  begin(ms: number, server: DrainedServer): Promise<void>;
}

export interface DrainedServer {
  /** Closes the listening socket only, keeping the open connections (not http.Server#close). */
  stopListening(): void;
  connectionsOpen(): Promise<number>;
}

/** How often the drain looks whether every connection is gone. */
const POLL_MS = 100;

export function createShutdownDrain(): ShutdownDrain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    async begin(ms, server) {
      draining = true;
      // In the check phase, right after the poll phase accepted what the kernel had queued: a connection
      // the kernel completed but the process never accepted would be reset with its request sent.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          server.stopListening();
          resolve();
        }),
      );
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && (await server.connectionsOpen()) > 0)
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
    },
  };
}
