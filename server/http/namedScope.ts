import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** Where fastify reads a plugin's name before anything else (fastify's docs, Server § pluginName). */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * An encapsulated plugin (its own hooks, error handler and body parsers) that runs `routes` and carries its
 * `name`, the scope's `pluginName` in fastify's errors and hooks. Without a name fastify names an anonymous
 * plugin by searching `require.cache` for a module that exports it. That search is cheap in a server
 * process, but under jest `require.cache` is a proxy over the test file's whole module registry: naming the
 * app's 33 scopes that way cost ~140 ms of CPU per `buildApp`, which the server tests call hundreds of times.
 */
export function namedScope(
  name: string,
  routes: (scope: FastifyInstance) => Promise<void> | void,
): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (scope) => {
    await routes(scope);
  };
  return Object.assign(plugin, { [DISPLAY_NAME]: name });
}
