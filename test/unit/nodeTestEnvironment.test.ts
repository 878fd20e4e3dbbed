import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

// The environment the node layers run in (jest.config.js, ADR 084), made here as jest makes it for a test file.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module, as jest loads it
const NodeEnvironmentWithOrdinaryGlobal = require('../nodeEnvironmentWithOrdinaryGlobal.cjs') as new (
  config: unknown,
  context: unknown,
) => { getVmContext(): vm.Context; global: typeof globalThis; teardown(): Promise<void> };

/** A full garbage collection, after the current job (a WeakRef keeps its target alive to the job's end). */
async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function makeEnvironment() {
  return new NodeEnvironmentWithOrdinaryGlobal(
    { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {} } },
    { console, docblockPragmas: {}, testPath: __filename },
  );
}

describe('the node test environment', () => {
  it('gives a test file a context whose global object is an ordinary one, not a contextified proxy', async () => {
    const environment = makeEnvironment();
    const context = environment.getVmContext();
    // Only a context made with vm.constants.DONT_CONTEXTIFY is its own globalThis (Node's documentation).
    expect(vm.runInContext('globalThis', context)).toBe(context);
    expect(environment.global).toBe(context);
    await environment.teardown();
  });

  it("still gives each test file globals of its own, with Node's globals copied in", async () => {
    const [first, second] = [makeEnvironment(), makeEnvironment()];
    expect(vm.runInContext('Math', first.getVmContext())).not.toBe(
      vm.runInContext('Math', second.getVmContext()),
    );
    expect(vm.runInContext('typeof setTimeout + typeof Buffer + typeof process', first.getVmContext())).toBe(
      'functionfunctionobject',
    );
    vm.runInContext('globalThis.leftBehind = 1', first.getVmContext());
    expect(vm.runInContext('typeof leftBehind', second.getVmContext())).toBe('undefined');
    await Promise.all([first.teardown(), second.teardown()]);
  });

  it('switches off at its end the AsyncLocalStorage instances the file enabled', async () => {
    const environment = makeEnvironment();
    const storage = new AsyncLocalStorage<string>();
    const seen = await storage.run('a test file', async () => {
      const before = storage.getStore();
      await environment.teardown();
      return [before, storage.getStore()];
    });
    expect(seen).toEqual(['a test file', undefined]);
  });

  it('disconnects at its end the performance observers the file left observing', async () => {
    const environment = makeEnvironment();
    const seen: string[] = [];
    new PerformanceObserver((list) => seen.push(...list.getEntries().map((entry) => entry.name))).observe({
      entryTypes: ['mark'],
    });
    await environment.teardown();
    performance.mark('after the file ended');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('stops at its end the event-loop-delay histograms the file made, which keep nothing of its tests', async () => {
    const environment = makeEnvironment();
    const storage = new AsyncLocalStorage<{ test: string }>();
    let store: { test: string } | undefined = { test: 'what a running test keeps in its store' };
    const storeOfTheTest = new WeakRef(store);
    const histogram = storage.run(store, () => monitorEventLoopDelay({ resolution: 10 }));
    histogram.enable();
    store = undefined;
    await environment.teardown();
    // disable() answers false when the timer was stopped already.
    expect(histogram.disable()).toBe(false);
    await collectGarbage();
    expect(storeOfTheTest.deref()).toBeUndefined();
  });

  it('leaves nothing of a test in a timer that outlives its file', async () => {
    const environment = makeEnvironment();
    const storage = new AsyncLocalStorage<{ test: object }>();
    let test: object | undefined = { name: 'what jest-circus records of a running test' };
    const theTest = new WeakRef(test);
    // As jest-circus runs a test: in its store; a timer made there outlives the file.
    const timer = storage.run({ test }, () => setInterval(() => undefined, 60_000));
    test = undefined;
    await environment.teardown();
    await collectGarbage();
    clearInterval(timer);
    expect(theTest.deref()).toBeUndefined();
  });
});
