/**
 * The server tests compile fastify's route validators once per jest worker (test/server/setup.ts, ADR 090): a
 * later test file, with modules of its own, gets the validator an earlier file compiled, and it validates the same.
 */
type Module = typeof import('../../server/http/sharedSchemaValidators');
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const OPTIONS = { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } };
const PAGE = { type: 'object', properties: { page: { type: 'integer', minimum: 1 } }, required: ['page'] };

/** The validator a file's modules build for `schema` (as fastify asks for it for a route). */
function validatorOf(module: Module, schema: object): Validate {
  const build = module.buildSharedValidator as unknown as (
    external: object,
    options: object,
  ) => (route: { schema: object }) => Validate;
  return build({}, OPTIONS)({ schema });
}

/** `sharedSchemaValidators` as a later test file loads it: a registry of modules of its own. */
function inAnotherFile(): Module {
  let module: Module | undefined;
  jest.isolateModules(() => {
    module = jest.requireMock<Module>('../../server/http/sharedSchemaValidators');
  });
  return module!;
}

describe('route validators in the server tests', () => {
  it('are compiled once per worker: a later file gets the same validator for the same schema', () => {
    const here = validatorOf(jest.requireMock<Module>('../../server/http/sharedSchemaValidators'), PAGE);
    const later = validatorOf(inAnotherFile(), { ...PAGE });
    expect(later).toBe(here);
    expect(later({ page: 2 })).toBe(true);
    expect(later({ page: 0 })).toBe(false);
    expect(later.errors?.length).toBe(1);
  });

  it('are compiled afresh for another schema', () => {
    const page = validatorOf(inAnotherFile(), PAGE);
    const size = validatorOf(inAnotherFile(), {
      ...PAGE,
      properties: { page: { type: 'integer', maximum: 9 } },
    });
    expect(size).not.toBe(page);
    expect(size({ page: 10 })).toBe(false);
    expect(page({ page: 10 })).toBe(true);
  });
});
