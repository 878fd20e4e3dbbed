import { AjvCompiler } from '@fastify/ajv-compiler';

type BuildValidator = ReturnType<typeof AjvCompiler>;

/**
 * What fastify hands a validator compiler for each route schema. (@fastify/ajv-compiler's types describe
 * Ajv's `compile(schema)`, but fastify calls it with this object, and the compiler reads `schema` from it.)
 */
interface RouteSchema {
  schema: unknown;
}

/** fastify's own Ajv pool (one Ajv per set of shared schemas and options), for every app of the process. */
const pool = AjvCompiler();
const validatorsByCompiler = new WeakMap<object, Map<string, unknown>>();

/**
 * fastify's validator factory (`schemaController.compilersFactory.buildValidator`), except that a route
 * schema already compiled by an app of this process is not compiled again. Ajv code generation is most of
 * what building an app costs (~300 ms of CPU for the app's routes): the server builds one app per process
 * and is unaffected, but the server tests build hundreds, several per test file. A compiled validator is a
 * pure function of its schema and the Ajv options, which the pool's key and the cache's key cover.
 */
export const buildSharedValidator: BuildValidator = (externalSchemas, options) => {
  // The pool's type is Ajv's compile(schema); at run time it is called with fastify's route object.
  const compile = pool(externalSchemas, options) as unknown as (route: RouteSchema) => unknown;
  let compiled = validatorsByCompiler.get(compile);
  if (!compiled) validatorsByCompiler.set(compile, (compiled = new Map()));
  const cache = compiled;
  const compileOnce = (route: RouteSchema) => {
    const key = JSON.stringify(route.schema);
    let validate = cache.get(key);
    if (validate === undefined) cache.set(key, (validate = compile(route)));
    return validate;
  };
  return compileOnce as unknown as ReturnType<BuildValidator>;
};
