// V8's code cache for the modules jest compiles (codeCachingJestRuntime.cjs installs it). Jest gives every test
// file a fresh module registry, so react, antd, fastify and the app's own modules are parsed and compiled again
// for each of the suite's ~240 files: in a profile of the component tests that was 13 % of the CPU time, and
// about 5 % with this cache. Each module's code cache is kept on disk under the hash of its code (the transform's
// output), so another worker or the next run deserialises it instead, and in memory by file name for the next
// test file in the same worker. V8 checks that a cache fits its version and flags and says when it does not
// (`cachedDataRejected`); such a module is compiled from its source as before. What runs does not change: the
// same code, compiled the same way, only sooner.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded by jest-runtime's worker through the runtime below, outside any transform */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

function readCache(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written under a temporary name, then renamed: a worker reading at the same moment sees all or nothing. */
function writeCache(file, data) {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, file);
  } catch {
    // A cache that cannot be written only costs the next compile its time.
  }
}

/**
 * `compileFunction` (node:vm's) with a code cache in `cacheDir`; calls that bring their own cache options go
 * straight through. `stats` counts compiles from the source, from disk and from memory.
 */
function withCodeCache(compileFunction, cacheDir) {
  const inMemory = new Map();
  const stats = { compiled: 0, fromDisk: 0, fromMemory: 0 };
  const cacheFileOf = (code, params) => {
    const key = crypto.createHash('sha1').update(params).update('\0').update(code).digest('hex');
    return path.join(cacheDir, key.slice(0, 2), key.slice(2));
  };
  function compileFunctionWithCodeCache(code, parameters = [], options = {}) {
    if (options.cachedData !== undefined || options.produceCachedData !== undefined) {
      return compileFunction(code, parameters, options);
    }
    const params = parameters.join(',');
    const known = inMemory.get(options.filename);
    const sameCode = known !== undefined && known.code === code && known.params === params;
    const file = sameCode ? undefined : cacheFileOf(code, params);
    const cachedData = sameCode ? known.cachedData : readCache(file);
    if (cachedData) {
      const compiled = compileFunction(code, parameters, { ...options, cachedData });
      if (!compiled.cachedDataRejected) {
        if (sameCode) stats.fromMemory += 1;
        else {
          stats.fromDisk += 1;
          inMemory.set(options.filename, { code, params, cachedData });
        }
        return compiled;
      }
    }
    const compiled = compileFunction(code, parameters, { ...options, produceCachedData: true });
    stats.compiled += 1;
    if (compiled.cachedDataProduced && compiled.cachedData) {
      inMemory.set(options.filename, { code, params, cachedData: compiled.cachedData });
      writeCache(file ?? cacheFileOf(code, params), compiled.cachedData);
    }
    return compiled;
  }
  return Object.assign(compileFunctionWithCodeCache, { stats });
}

module.exports = { withCodeCache };
