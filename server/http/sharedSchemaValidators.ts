import { AjvCompiler } from '@fastify/ajv-compiler';

type BuildValidator = ReturnType<typeof AjvCompiler>;

/**
 * What fastify hands a validator compiler for each route schema. (@fastify/ajv-compiler's types describe
 * Ajv's `compile(schema)`, but fastify calls it with this object, and the compiler reads `schema` from it.)
 */
interface RouteSchema {
  schema: unknown;
}

/** Compiled validators by shared schemas, Ajv's options and route schema (`sharedValidatorBuilder`'s key). */
export type CompiledValidators = Map<string, unknown>;

/** fastify's own Ajv pool (one Ajv per set of shared schemas and options), for every app of the process. */
const pool = AjvCompiler();

/**
 * fastify's validator factory (`schemaController.compilersFactory.buildValidator`), except that a route schema
 * already in `compiled` is not compiled again. Ajv code generation is most of what building an app costs (~300 ms
 * of CPU for the app's routes): the server builds one app per process and is unaffected, but the server tests
 * build hundreds, and keep `compiled` for a whole jest worker (test/server/setup.ts, ADR 090). A compiled
 * validator is a pure function of its schema, the shared schemas and Ajv's options, which the key covers (the
 * options are data: app.ts's `customOptions`; a plugin function among them would not be part of the key).
 */
export function sharedValidatorBuilder(compiled: CompiledValidators): BuildValidator {
  return (externalSchemas, options) => {
    const scope = JSON.stringify([externalSchemas, options]);
    // The pool's type is Ajv's compile(schema); at run time it is called with fastify's route object.
    let compile: ((route: RouteSchema) => unknown) | undefined;
    const compileOnce = (route: RouteSchema) => {
      const key = `${scope}\n${JSON.stringify(route.schema)}`;
      let validate = compiled.get(key);
      if (validate === undefined) {
        compile ??= pool(externalSchemas, options) as unknown as (route: RouteSchema) => unknown;
        compiled.set(key, (validate = compile(route)));
      }
      return validate;
    };
    return compileOnce as unknown as ReturnType<BuildValidator>;
  };
}

/** The app's validator factory: validators kept for the process. */
export const buildSharedValidator: BuildValidator = sharedValidatorBuilder(new Map());
