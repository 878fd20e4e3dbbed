// jest's node environment (unit, server and browser tests) with an ordinary global object, and what a test file
// left registered process-wide — AsyncLocalStorage instances, performance observers, event-loop-delay histograms,
// jest-circus's stores in timers that outlive it — ended or emptied when it ends (ADR 084, ADR 085).
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a test environment is a CommonJS module that jest requires */
const vm = require('node:vm');
const perfHooks = require('node:perf_hooks');
const { AsyncLocalStorage, AsyncResource } = require('node:async_hooks');
const { TestEnvironment } = require('jest-environment-node');

/**
 * Replaces `owner[name]` once per worker by `wrap(original, recorded)`, a wrapper that adds what it sees to
 * `recorded`, and returns that set. The set lives on the wrapper, not in this module: a second copy of the module
 * (a test that loads it through jest's registry) finds the wrapper installed and shares its set.
 * @template T
 * @param {object} owner the module or prototype that holds the function
 * @param {string} name
 * @param {(original: Function, recorded: Set<T>) => Function} wrap
 * @returns {Set<T>}
 */
function wrapOnceRecording(owner, name, wrap) {
  const installed = owner[name];
  if (installed.recorded) return installed.recorded;
  const recorded = new Set();
  const wrapper = wrap(installed, recorded);
  wrapper.recorded = recorded;
  owner[name] = wrapper;
  return recorded;
}

/**
 * Every AsyncLocalStorage that code under test enabled (its first `run` or `enterWith`) since the last teardown.
 * Node keeps each enabled one in a process-wide list until `disable()`, and walks the whole list for every
 * promise and other async resource made in the process. Each test file loads the server's modules afresh (new
 * instances for the request context and the units of work), so in a jest worker the list grew by a few per file
 * and in one process running every server file, about 25 of its 305 busy seconds went to that walk. `_enable`
 * is Node's own (Node 20); where it is missing nothing is recorded and nothing changes.
 */
const enabledStorages =
  typeof AsyncLocalStorage.prototype._enable === 'function'
    ? wrapOnceRecording(
        AsyncLocalStorage.prototype,
        '_enable',
        (enable, recorded) =>
          function (...args) {
            recorded.add(this);
            return enable.apply(this, args);
          },
      )
    : new Set();

/**
 * An async scope outside every test's AsyncLocalStorage stores (made when the worker loads this module, before any
 * test runs).
 */
const outsideTheTests = new AsyncResource('ProcessWideRegistrationOfATestFile');

/**
 * The event-loop-delay histograms made since the last teardown. prom-client's default metrics make one per app
 * (createAppMetrics), and a server test file builds several apps. Node never frees a histogram's handle, and the
 * handle keeps the AsyncLocalStorage stores current when it was made — jest-circus's store names the running test,
 * whose recorded stack reaches the whole file's modules — so every file stayed in memory to the worker's end (a
 * server worker grew to 1 GB and more) and each histogram's timer went on firing every 10 ms. Made outside the
 * tests' stores and disabled at teardown, it holds nothing of a file.
 */
const madeHistograms = wrapOnceRecording(
  perfHooks,
  'monitorEventLoopDelay',
  (monitor, recorded) =>
    function (...args) {
      const histogram = outsideTheTests.runInAsyncScope(() => monitor.apply(this, args));
      recorded.add(histogram);
      return histogram;
    },
);

/**
 * The performance observers that started observing since the last teardown: prom-client's garbage-collection
 * metric observes `gc` entries with one per app and never disconnects it, so Node's list of observers kept each
 * file's callback (and through it the file) and called every one of them on every collection.
 */
const observingObservers = wrapOnceRecording(
  perfHooks.PerformanceObserver.prototype,
  'observe',
  (observe, recorded) =>
    function (...args) {
      recorded.add(this);
      return observe.apply(this, args);
    },
);

/**
 * The stores jest-circus runs the file's tests and hooks with (`{ test }`, `{ hook }`). Every async resource made
 * during a test keeps its store, and some outlive the file: Node's own timers that are made once and re-armed —
 * the clock of the `fetch` inside Node — and a test's timers still pending at its end. A store made in the file's
 * context reaches all of it (its hidden class names the context's Object, and the test's recorded stack the
 * file's functions), so such a timer kept a finished file in memory. jest-circus is given a copy made here, in
 * the worker's own realm, and the copies are emptied at teardown: they keep nothing of the file. Only stores of
 * that shape are copied; those of the code under test are its own.
 */
const testStores = wrapOnceRecording(
  AsyncLocalStorage.prototype,
  'run',
  (run, recorded) =>
    function (store, ...args) {
      if (store === null || typeof store !== 'object' || !('test' in store || 'hook' in store))
        return run.call(this, store, ...args);
      const copy = { ...store };
      recorded.add(copy);
      return run.call(this, copy, ...args);
    },
);

/** Ends what the finished test file left registered process-wide (the sets above). */
function endProcessWideRegistrations() {
  for (const storage of enabledStorages) storage.disable();
  for (const histogram of madeHistograms) histogram.disable();
  for (const observer of observingObservers) observer.disconnect();
  for (const store of testStores) for (const key of Object.keys(store)) delete store[key];
  for (const recorded of [enabledStorages, madeHistograms, observingObservers, testStores]) recorded.clear();
}

/**
 * What a test file's setup keeps for the later files of the same worker (test/server/setup.ts: the compiled route
 * validators, ADR 090). It lives as long as this module, which jest loads once per worker; every file's global
 * reaches it under `Symbol.for('parcel-atlas.workerWide')`.
 */
const workerWide = new Map();

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
    this.global[Symbol.for('parcel-atlas.workerWide')] = workerWide;
  }

  async teardown() {
    endProcessWideRegistrations();
    await super.teardown();
  }
}

module.exports = NodeEnvironmentWithOrdinaryGlobal;
