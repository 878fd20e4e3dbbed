// Passwords hash at argon2's cheapest in these tests (production's cost is proven by
// test/unit/passwordHashCost.test.ts); real HTTP round trips are still slow on a shared 2-core machine.
import '../helpers/testPasswordCost.cjs';

// The search, tile and import threads run at a lower priority (ADR 067): with both cores kept busy by other
// processes they get a tenth of one, and a three-parcel import took over 30 s.
jest.setTimeout(120_000);

// fastify's route validators, compiled by Ajv once per jest worker rather than once per test file: each file
// builds its apps with its own modules, but a schema already compiled in an earlier file of the worker is not
// compiled again. A compiled validator is a pure function of its schema, the shared schemas and Ajv's options
// (the app's, the same in every test), which the key covers; it needs nothing of the file it was made in, and
// compiling cost about 0.13 CPU-s per file (ADR 090). test/server/workerWideValidators.test.ts holds this.
jest.mock('../../server/http/sharedSchemaValidators', () => {
  type Module = typeof import('../../server/http/sharedSchemaValidators');
  type Compile = (route: { schema: unknown }) => unknown;
  const actual = jest.requireActual<Module>('../../server/http/sharedSchemaValidators');
  const workerWide = (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[
    Symbol.for('parcel-atlas.workerWide')
  ];
  if (!workerWide) return actual;
  let compiled = workerWide.get('compiledValidators') as Map<string, unknown> | undefined;
  if (!compiled) workerWide.set('compiledValidators', (compiled = new Map()));
  const cache = compiled;
  const buildSharedValidator: Module['buildSharedValidator'] = (externalSchemas, options) => {
    const scope = JSON.stringify([externalSchemas, options]);
    let compile: Compile | undefined;
    const compileOnce: Compile = (route) => {
      const key = `${scope}\n${JSON.stringify(route.schema)}`;
      let validate = cache.get(key);
      if (validate === undefined) {
        compile ??= actual.buildSharedValidator(externalSchemas, options) as unknown as Compile;
        cache.set(key, (validate = compile(route)));
      }
      return validate;
    };
    return compileOnce as unknown as ReturnType<Module['buildSharedValidator']>;
  };
  return { ...actual, buildSharedValidator };
});
