import net from 'node:net';
import { type Config, loadConfig, ConfigError } from './config';
import { isDiskFull } from './operations/diskFull';
import { openConfiguredStorage } from './openConfiguredStorage';
import { buildApp } from './app';
import { attachSocketServer } from './socket/attachSocketServer';
import { createLogger } from './logging/createLogger';
import type { DrainedServer } from './operations/ShutdownDrain';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);
  // The demo dataset (built on first start, before the storage opens, with progress lines), the migrations
  // and the seeded plans: everything the storage needs before the first request.
  const storage = await openConfiguredStorage(config, { prepareDataset: { logger } });
  const app = await buildApp({ config, storage, logger });
  attachSocketServer(app, app.ctx);

  const drained: DrainedServer = {
    // net.Server's close: http.Server's would also close the idle keep-alive connections a proxy may be
    // sending a request on this very moment.
    stopListening: () => net.Server.prototype.close.call(app.server),
    connectionsOpen: () =>
      new Promise<number>((resolve) =>
        app.server.getConnections((error, count) => resolve(error ? 1 : count)),
      ),
  };
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // First the drain (ShutdownDrain): no new connections, the open ones still served, /readyz 503, every
    // reply ends its connection. Then app.close waits for the requests in flight, closes the sockets
    // (preClose) and the rest; the fail-safe only fires when something hangs.
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + 5_000);
    let code = 0;
    try {
      await app.ctx.operations.drain.begin(config.shutdownDrainMs, drained);
      // The storage closes with the app (its onClose hook), after the requests in flight.
      await app.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(timer);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Parcel Atlas is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (isDiskFull(error)) {
    process.stderr.write('Failed to start: disk full (free space in DATA_DIR and start again)\n');
    process.exit(1);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
