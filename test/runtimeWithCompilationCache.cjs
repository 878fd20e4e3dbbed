// jest's runtime, with each module compiled as a `vm.Script` (a function expression around the module's code)
// instead of `vm.compileFunction`. V8 keeps a compiled script in its isolate's compilation cache and finds it
// again by its source and name, so the next test file of a jest worker that loads a module (antd, fastify, the
// app's and the server's own modules) neither parses it nor compiles its functions again. `compileFunction` is
// never cached: every test file compiled every module it loaded afresh (ADR 092).
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a jest runtime is a CommonJS module that jest requires */
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/**
 * The module's code inside a function of jest's module parameters. The code starts on a line of its own, which
 * `lineOffset: -1` numbers 1, so stack traces and source maps see the module's own lines and columns.
 */
const wrapped = (parameters, source) => `(function (${parameters.join(', ')}) {\n${source}\n})`;

/**
 * Compiles a module for jest's module executor (`executor`: its environment, resolution, parameters and dynamic
 * import) as a script in the test file's context; null once the environment is torn down. Core modules and every
 * refusal (a syntax error, ESM syntax in a CommonJS file) go to `compileWithJest`, which reports them.
 */
function compileAsCachedScript(executor, scriptSource, filename, compileWithJest) {
  const vmContext = executor.environment.getVmContext();
  if (vmContext == null) return null;
  if (executor.resolution.isCoreModule(filename)) return compileWithJest(scriptSource, filename);
  let script;
  try {
    script = new vm.Script(wrapped(executor.injectedModuleParameters, scriptSource), {
      filename,
      lineOffset: -1,
      importModuleDynamically: (specifier, _script, importAttributes, phase) =>
        executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
    });
  } catch {
    return compileWithJest(scriptSource, filename);
  }
  return script.runInContext(vmContext);
}

/** jest's Runtime, its module executor's `compile` replaced once per process (all its instances share it). */
class RuntimeWithCompilationCache extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = Object.getPrototypeOf(this.executor);
    if (executor.compile.cachedScripts) return;
    const compileWithJest = executor.compile;
    executor.compile = function compile(scriptSource, filename) {
      return compileAsCachedScript(this, scriptSource, filename, (source, file) =>
        compileWithJest.call(this, source, file),
      );
    };
    executor.compile.cachedScripts = true;
  }
}

module.exports = RuntimeWithCompilationCache;
module.exports.default = RuntimeWithCompilationCache;
module.exports.compileAsCachedScript = compileAsCachedScript;
