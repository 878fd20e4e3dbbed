import {
  MAX_LIST_ITEMS,
  MAX_VALUE_LENGTH,
  SEARCH_PARAMETERS,
  type SearchParameter,
} from '../../src/contract/SearchParameters';
import { searchQuerystringSchema } from '../../server/routes/main/parcels/searchQuerystringSchema';
import { parseSearchQuery, type RawQuery } from '../../server/services/search/parseSearchQuery';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';

/** A valid raw query for one row (choices in lower case: they match ignoring case), and what it parses to. */
function sample(row: SearchParameter): { raw: RawQuery; parsed: unknown } {
  switch (row.kind) {
    case 'text':
      return { raw: { [row.name]: 'zg' }, parsed: row.upperCase ? 'ZG' : 'zg' };
    case 'list':
      return { raw: { [row.name]: ['Baar,Cham', 'Zug'] }, parsed: ['Baar', 'Cham', 'Zug'] };
    case 'range':
      return { raw: { [`${row.name}_from`]: '10', [`${row.name}_to`]: '20' }, parsed: { from: 10, to: 20 } };
    case 'choice':
      return {
        raw: { [row.name]: row.choices[0].toLowerCase() },
        parsed: row.choices.length === 1 ? true : row.choices[0],
      };
    case 'flag':
      return {
        raw: { [row.name]: 'true' },
        parsed: row.wireRange ? { from: row.wireRange[0], to: row.wireRange[1] } : true,
      };
  }
}

describe('the search-parameter table drives the server', () => {
  const properties = searchQuerystringSchema.properties as Record<string, unknown>;

  it.each(SEARCH_PARAMETERS.map((row) => [row.name, row] as const))(
    'the querystring schema has the keys of %s',
    (_name, row) => {
      const keys =
        row.kind === 'range'
          ? [`${row.name}_from`, `${row.name}_to`]
          : row.kind === 'list'
            ? [row.name, `${row.name}[]`]
            : [row.name];
      for (const key of keys) expect(properties).toHaveProperty([key]);
    },
  );

  it('the schema has the radon range keys besides the checkbox', async () => {
    expect(properties).toHaveProperty(['GRN_RAD_from']);
    expect(properties).toHaveProperty(['GRN_RAD_to']);
  });

  it.each(SEARCH_PARAMETERS.map((row) => [row.name, row.queryKey, row] as const))(
    'parseSearchQuery maps %s to ParcelQuery.%s',
    (_name, queryKey, row) => {
      const { raw, parsed } = sample(row);
      expect(parseSearchQuery(raw)).toEqual({ [queryKey]: parsed });
    },
  );

  it('gives every row its own ParcelQuery field', async () => {
    const keys = SEARCH_PARAMETERS.map((row) => row.queryKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('an empty query string parses to no criteria', async () => {
    expect(parseSearchQuery({})).toEqual({});
  });
});

describe('list and value caps', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signIn(t.app)).headers;
  });
  afterAll(async () => t.close());

  async function search(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/v1/secure/maps/search?${query}`, headers });
    return { status: res.statusCode, body: res.json<{ error: boolean; message: string }>() };
  }

  const names = (n: number) => Array.from({ length: n }, (_, i) => `Street${i}`);

  it(`answers 400 with a message for more than ${MAX_LIST_ITEMS} values after comma-splitting`, async () => {
    const { status, body } = await search(`STREET=${names(MAX_LIST_ITEMS + 1).join(',')}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: true,
      message: `STREET must not have more than ${MAX_LIST_ITEMS} values`,
    });
  });

  it('counts repeated keys and comma-separated values together', async () => {
    const half = names(MAX_LIST_ITEMS / 2 + 1).join(',');
    const { status, body } = await search(`LOCNAME=${half}&LOCNAME=${half}`);
    expect(status).toBe(400);
    expect(body.message).toBe(`LOCNAME must not have more than ${MAX_LIST_ITEMS} values`);
  });

  it(`accepts ${MAX_LIST_ITEMS} values`, async () => {
    expect((await search(`STREET=${names(MAX_LIST_ITEMS).join(',')}`)).status).toBe(200);
  });

  it('answers 400 for a list value or a text longer than the limit', async () => {
    const long = 'x'.repeat(MAX_VALUE_LENGTH + 1);
    const list = await search(`GRN_TRM=${long}`);
    expect(list.status).toBe(400);
    expect(list.body.message).toBe(`GRN_TRM values must be less than ${MAX_VALUE_LENGTH} characters`);
    const text = await search(`ALPHA_PRI=${long}`);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(`ALPHA_PRI must be less than ${MAX_VALUE_LENGTH} characters`);
  });
});

describe('the unit of work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const newUser = (username: string) => ({
    username,
    email: username,
    name: 'Unit Of Work',
    passwordHash: null,
    status: 'active' as const,
    roles: ['MAPUSER'],
  });

  it('commits what the work wrote and returns its result', async () => {
    const id = await t.app.ctx.unitOfWork(
      async () => (await t.app.ctx.users.create(newUser('kept@example.ch'))).id,
    );
    expect((await t.app.ctx.users.findById(id))?.username).toBe('kept@example.ch');
  });

  it('rolls back everything the work wrote when it throws', async () => {
    await expect(
      t.app.ctx.unitOfWork(async () => {
        await t.app.ctx.users.create(newUser('gone@example.ch'));
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    expect(await t.app.ctx.users.findByUsername('gone@example.ch')).toBeNull();
  });

  it('rolls back an inner unit with the outer one', async () => {
    await expect(
      t.app.ctx.unitOfWork(async () => {
        await t.app.ctx.unitOfWork(async () => await t.app.ctx.users.create(newUser('inner@example.ch')));
        throw new Error('the outer work failed');
      }),
    ).rejects.toThrow('the outer work failed');
    expect(await t.app.ctx.users.findByUsername('inner@example.ch')).toBeNull();
  });
});
