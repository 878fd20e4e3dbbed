// Loaded by the server and e2e test processes only (test/server/setup.ts, and `--require` for the e2e
// server and the users CLI it spawns): argon2id at its cheapest instead of production's 64 MiB × 3 passes.
// At production cost one hash takes ~0.3 CPU seconds here, and the suite hashes thousands of passwords, while no
// test is about the cost itself. argon2.verify reads the parameters from the stored hash, so the cheap hashes
// verify cheaply too. Production's parameters are proven by test/unit/passwordHashCost.test.ts, which runs
// without this file.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- `node --require` loads this before any ES module loader
const argon2 = require('argon2');

const TEST_COST = Object.freeze({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
const productionHash = argon2.hash;

if (!productionHash.testCost) {
  const cheapHash = (password, options) => productionHash(password, { ...options, ...TEST_COST });
  cheapHash.testCost = TEST_COST;
  argon2.hash = cheapHash;
}

module.exports = { TEST_COST };
