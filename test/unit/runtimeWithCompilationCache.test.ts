import vm from 'node:vm';

// The jest runtime every project runs in (jest.config.js, ADR 092), tried here on a stand-in for its module executor.
type Compile = (source: string, filename: string) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module, as jest loads it
const { compileAsCachedScript } = require('../runtimeWithCompilationCache.cjs') as {
  compileAsCachedScript: (
    executor: object,
    source: string,
    filename: string,
    compileWithJest: Compile,
  ) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config as jest reads it
const jestConfig = require('../../jest.config.js') as {
  projects: { displayName: string; runtime?: string }[];
};

type ModuleFunction = (module: { exports: unknown }, exports: unknown, require: unknown) => void;

/** What `compile` reads of jest's module executor: a test file's context and jest's module parameters. */
function executorWith(context: vm.Context | null) {
  return {
    environment: { getVmContext: () => context },
    resolution: { isCoreModule: (name: string) => name === 'fs' },
    injectedModuleParameters: ['module', 'exports', 'require'],
    dynamicImport: jest.fn(),
  };
}

const notCalled: Compile = () => {
  throw new Error("jest's own compile was not expected here");
};

describe('the jest runtime that compiles modules as cached scripts', () => {
  it("runs a module in the test file's context, with jest's module parameters", () => {
    const context = vm.createContext({ canton: 'Zug' });
    const run = compileAsCachedScript(
      executorWith(context),
      'module.exports = `${canton} ${typeof require}`;',
      '/virtual/canton.js',
      notCalled,
    ) as ModuleFunction;
    const module = { exports: {} as unknown };
    run(module, module.exports, () => null);
    expect(module.exports).toBe('Zug function');
  });

  it("reports an error at the module's own line and column", () => {
    const run = compileAsCachedScript(
      executorWith(vm.createContext({})),
      ['// line 1', 'function fail() {', "  throw new Error('refused');", '}', 'fail();'].join('\n'),
      '/virtual/refusal.js',
      notCalled,
    ) as ModuleFunction;
    let stack = '';
    try {
      run({ exports: {} }, {}, null);
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(stack).toContain('/virtual/refusal.js:3:9');
    expect(stack).toContain('/virtual/refusal.js:5:1');
  });

  it("leaves syntax errors, ES module syntax and core modules to jest's own compile, which reports them", () => {
    const compileWithJest = jest.fn<unknown, [string, string]>(() => 'jest');
    const executor = executorWith(vm.createContext({}));
    expect(compileAsCachedScript(executor, "import x from 'y';", '/virtual/esm.js', compileWithJest)).toBe(
      'jest',
    );
    expect(compileAsCachedScript(executor, 'let = ;', '/virtual/broken.js', compileWithJest)).toBe('jest');
    expect(compileAsCachedScript(executor, 'module.exports = 1;', 'fs', compileWithJest)).toBe('jest');
    expect(compileWithJest.mock.calls.map(([, filename]) => filename)).toEqual([
      '/virtual/esm.js',
      '/virtual/broken.js',
      'fs',
    ]);
  });

  it('compiles nothing once the test environment is torn down', () => {
    expect(
      compileAsCachedScript(executorWith(null), 'module.exports = 1;', '/virtual/late.js', notCalled),
    ).toBe(null);
  });

  it('is the runtime of every jest project', () => {
    for (const project of jestConfig.projects)
      expect([project.displayName, project.runtime]).toEqual([
        project.displayName,
        '<rootDir>/test/runtimeWithCompilationCache.cjs',
      ]);
  });
});
