// jest's node environment (unit, server and browser tests) with an ordinary global object. jest's own wraps a
// Proxy in a contextified global, so every global lookup in the code under test — Math, Object, Array, JSON —
// goes through Node's interceptor and the Proxy's trap: a loop of Math calls ran 16× slower than in Node, and the
// demo generator 3× (Luzern 1.0 → 3.3 s). A context made with `vm.constants.DONT_CONTEXTIFY` has a plain global
// object, so the code runs at Node's speed; each test file still gets a context, globals and modules of its own.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a test environment is a CommonJS module that jest requires */
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

class NodeEnvironmentWithOrdinaryGlobal extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    const createContext = vm.createContext;
    // jest-environment-node makes its context with one vm.createContext call, in its constructor.
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(...args);
    } finally {
      vm.createContext = createContext;
    }
  }
}

module.exports = NodeEnvironmentWithOrdinaryGlobal;
