// jest's node environment (unit, server and browser tests) with an ordinary global object, and the
// AsyncLocalStorage instances a test file enabled switched off when it ends.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a test environment is a CommonJS module that jest requires */
const vm = require('node:vm');
const { AsyncLocalStorage } = require('node:async_hooks');
const { TestEnvironment } = require('jest-environment-node');

/**
 * Every AsyncLocalStorage that code under test enabled (its first `run` or `enterWith`) since the last teardown.
 * Node keeps each enabled one in a process-wide list until `disable()`, and walks the whole list for every
 * promise and other async resource made in the process. Each test file loads the server's modules afresh (new
 * instances for the request context and the units of work), so in a jest worker the list grew by a few per file
 * and in one process running every server file, about 25 of its 305 busy seconds went to that walk. `_enable`
 * is Node's own (Node 20); where it is missing nothing is recorded and nothing changes.
 */
const enable = AsyncLocalStorage.prototype._enable;
if (typeof enable === 'function' && !enable.enabledStorages) {
  // The set lives on the wrapper, not in this module: a second copy of the module (a test that loads it through
  // jest's registry) finds the wrapper installed and shares its set.
  const enabledStorages = new Set();
  const recordingEnable = function (...args) {
    enabledStorages.add(this);
    return enable.apply(this, args);
  };
  recordingEnable.enabledStorages = enabledStorages;
  AsyncLocalStorage.prototype._enable = recordingEnable;
}

/** @returns {Set<AsyncLocalStorage<unknown>>} */
const enabledStorages = () => AsyncLocalStorage.prototype._enable.enabledStorages ?? new Set();

class NodeEnvironmentWithOrdinaryGlobal extends TestEnvironment {
  /**
   * jest's own wraps a Proxy in a contextified global, so every global lookup in the code under test — Math,
   * Object, Array, JSON — goes through Node's interceptor and the Proxy's trap: a loop of Math calls ran 16×
   * slower than in Node, and the demo generator 3× (Luzern 1.0 → 3.3 s). A context made with
   * `vm.constants.DONT_CONTEXTIFY` has a plain global object, so the code runs at Node's speed; each test file
   * still gets a context, globals and modules of its own.
   * @param {ConstructorParameters<typeof TestEnvironment>} args
   */
  constructor(...args) {
    const createContext = vm.createContext;
    const ordinaryGlobal = vm.constants?.DONT_CONTEXTIFY;
    // jest-environment-node makes its context with one vm.createContext call, in its constructor. A Node
    // without the constant keeps jest's own context.
    if (ordinaryGlobal) vm.createContext = () => createContext(ordinaryGlobal);
    try {
      super(...args);
    } finally {
      vm.createContext = createContext;
    }
  }

  async teardown() {
    const storages = enabledStorages();
    for (const storage of storages) storage.disable();
    storages.clear();
    await super.teardown();
  }
}

module.exports = NodeEnvironmentWithOrdinaryGlobal;
