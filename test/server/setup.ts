// Passwords hash at argon2's cheapest in these tests (production's cost is proven by
// test/unit/passwordHashCost.test.ts); real HTTP round trips are still slow on a shared 2-core machine.
import '../helpers/testPasswordCost.cjs';

// The search, tile and import threads run at a lower priority (ADR 067): with both cores kept busy by other
// processes they get a tenth of one, and a three-parcel import took over 30 s.
jest.setTimeout(120_000);

// fastify's route validators, compiled by Ajv once per jest worker rather than once per test file: each file
// builds its apps with its own modules, which keep their compiled validators in the worker's map (the test
// environment's), so a schema an earlier file compiled is not compiled again. Compiling cost about 0.13 CPU-s
// per file (ADR 090); test/server/workerWideValidators.test.ts holds this.
jest.mock('../../server/http/sharedSchemaValidators', () => {
  type Module = typeof import('../../server/http/sharedSchemaValidators');
  const actual = jest.requireActual<Module>('../../server/http/sharedSchemaValidators');
  const workerWide = (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[
    Symbol.for('parcel-atlas.workerWide')
  ];
  if (!workerWide) return actual;
  let compiled = workerWide.get('compiledValidators') as Map<string, unknown> | undefined;
  if (!compiled) workerWide.set('compiledValidators', (compiled = new Map()));
  return { ...actual, buildSharedValidator: actual.sharedValidatorBuilder(compiled) };
});
