// jest's runtime with V8's code cache for the modules it compiles (jest.config.js `runtime`; v8CodeCache.cjs
// says why). jest-runtime calls node:vm's compileFunction for every module, so the cache goes in there, once per
// worker, before the first test file loads.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads its `runtime` with require() */
const path = require('node:path');
const vm = require('node:vm');
const { withCodeCache } = require('./v8CodeCache.cjs');

const CACHE_DIR = path.resolve(
  __dirname,
  '../../node_modules/.cache/parcel-atlas/jest-code-cache',
  `${process.version}-${process.arch}`,
);

if (!vm.compileFunction.stats) vm.compileFunction = withCodeCache(vm.compileFunction, CACHE_DIR);

module.exports = require('jest-runtime');
