// Loaded by the server and e2e test processes only (test/server/setup.ts, and `--require` for the e2e
// server and the users CLI it spawns): what a password costs there, where no test is about that cost.
// - argon2id at its cheapest instead of production's 64 MiB × 3 passes. At production cost one hash takes
//   ~0.3 CPU seconds here, and the suite hashes thousands of passwords. argon2.verify reads the parameters
//   from the stored hash, so the cheap hashes verify cheaply too. Production's parameters are proven by
//   test/unit/passwordHashCost.test.ts, which runs without this file.
// - zxcvbn's strength estimate (the password policy, server/services/accounts/passwordPolicy.ts) made once
//   per password and estimator: ~0.2 CPU seconds each here (its l33t variants over four languages'
//   dictionaries), while the tests make their accounts with a few fixed passwords. The estimate depends only
//   on the password and the estimator's dictionaries, so a repeated one is the same object's answer again.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- `node --require` loads this before any ES module loader */
const argon2 = require('argon2');
const { createRequire } = require('node:module');

const TEST_COST = Object.freeze({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
const productionHash = argon2.hash;

if (!productionHash.testCost) {
  const cheapHash = (password, options) => productionHash(password, { ...options, ...TEST_COST });
  cheapHash.testCost = TEST_COST;
  argon2.hash = cheapHash;
}

// Node's own require, as passwordPolicy.ts loads zxcvbn (in a jest worker too, where `require` is jest's).
const zxcvbn = createRequire(__filename)('@zxcvbn-ts/core');
const { ZxcvbnFactory } = zxcvbn;
const estimate = ZxcvbnFactory.prototype.check;

if (!ZxcvbnFactory.oncePerDictionaries) {
  // Each server test file loads passwordPolicy.ts afresh, and its estimator ranks the four languages' dictionaries
  // again (~0.5 CPU-s): one estimator per set of dictionaries and keyboards serves every file of the worker.
  /** @type {Map<string, object>} */
  const estimators = new Map();
  const fingerprint = ({ dictionary = {}, graphs }) =>
    JSON.stringify([
      Object.entries(dictionary).map(([name, words]) => [name, words.length, words[0], words.at(-1)]),
      Object.keys(graphs ?? {}),
    ]);
  function OncePerDictionaries(options) {
    const key = fingerprint(options ?? {});
    let made = estimators.get(key);
    if (!made) estimators.set(key, (made = new ZxcvbnFactory(options)));
    return made;
  }
  OncePerDictionaries.prototype = ZxcvbnFactory.prototype;
  OncePerDictionaries.oncePerDictionaries = true;
  zxcvbn.ZxcvbnFactory = OncePerDictionaries;
}

if (!estimate.oncePerPassword) {
  /** Per estimator (its dictionaries), the estimate of each password checked without user inputs. */
  const estimates = new WeakMap();
  const oncePerPassword = function (password, userInputs) {
    if (userInputs !== undefined) return estimate.call(this, password, userInputs);
    let known = estimates.get(this);
    if (!known) estimates.set(this, (known = new Map()));
    if (!known.has(password)) known.set(password, estimate.call(this, password));
    return known.get(password);
  };
  oncePerPassword.oncePerPassword = true;
  ZxcvbnFactory.prototype.check = oncePerPassword;
}

module.exports = { TEST_COST };
