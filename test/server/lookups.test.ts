import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  headers = (await signIn(t.app)).headers;
}, 60_000);
afterAll(async () => t.close());

const get = async (url: string, h: Record<string, string> = headers) => {
  const res = await t.app.inject({ url, headers: h });
  return { status: res.statusCode, body: res.json() };
};

describe('lookups (spec §7)', () => {
  it('cantons/find lists all 26 cantons with only the requested fields', async () => {
    const { status, body } = await get('/v1/secure/cantons/find?q=&fields=code&limit=100');
    expect(status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.data).toHaveLength(26);
    expect(body.data[0]).toEqual({ code: 'AG' });
    const zug = await get('/v1/secure/cantons/find?q=zug');
    expect(zug.body.data).toEqual([
      { _id: '9', code: 'ZG', urlOREB: 'https://oereb.zugmap.ch/', name: 'Zug' },
    ]);
  });

  it('thermals/find filters by canton and carries the lang map', async () => {
    const { body } = await get('/v1/secure/thermals/find?q=&canton=ZG&fields=code,canton,lang&limit=25');
    expect(body.error).toBe(false);
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(item.canton).toBe('ZG');
      expect(Object.keys(item.lang).sort()).toEqual(['de', 'en', 'fr', 'it']);
    }
    const typed = await get('/v1/secure/thermals/find?q=nicht&canton=ZG');
    expect(typed.body.data.map((i: { code: string }) => i.code)).toEqual(['EWS-NZL']);
  });

  it('location-names/ returns the canton’s municipalities by prefix, at most `limit`', async () => {
    const { body } = await get('/v1/secure/location-names/?q=ba&canton=ZG&fields=code,canton&limit=25');
    expect(body).toEqual([{ code: 'Baar', canton: 'ZG' }]);
    const folded = await get('/v1/secure/location-names/?q=hunen&canton=ZG');
    expect(folded.body).toEqual([{ code: 'Hünenberg', canton: 'ZG' }]);
    const limited = await get('/v1/secure/location-names/?q=&canton=ZG&limit=2');
    expect(limited.body).toHaveLength(2);
  });

  it('alphas/ filters by varname and canton, with labels in four languages', async () => {
    const { body } = await get(
      '/v1/secure/alphas/?q=W&varname=ALPHA_PRI&canton=ZG&fields=code,canton,varname,lang&limit=25',
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]).toMatchObject({ canton: 'ZG', varname: 'ALPHA_PRI' });
    expect(body.find((a: { code: string }) => a.code === 'W2').lang.de).toBe('Wohnzone (W2)');
    const secondary = await get('/v1/secure/alphas/?q=&varname=ALPHA_SEC&canton=GE');
    expect(secondary.body.every((a: { varname: string }) => a.varname === 'ALPHA_SEC')).toBe(true);
  });

  it('streets/ filters by canton and municipality codes (repeated or comma-separated)', async () => {
    const repeated = await get('/v1/secure/streets/?q=&canton=ZG&locname=Baar&locname=Cham&limit=250');
    const comma = await get('/v1/secure/streets/?q=&canton=ZG&locname=Baar,Cham&limit=250');
    expect(repeated.body.length).toBeGreaterThan(0);
    expect(comma.body).toEqual(repeated.body);
    expect(new Set(repeated.body.map((s: { locname: string }) => s.locname))).toEqual(
      new Set(['Baar', 'Cham']),
    );
    expect(Object.keys(repeated.body[0]).sort()).toEqual(['_id', 'canton', 'code', 'locname']);
    const fields = await get('/v1/secure/streets/?q=&canton=ZG&locname=Baar&fields=code,canton,locname');
    expect(Object.keys(fields.body[0]).sort()).toEqual(['canton', 'code', 'locname']);
  });

  it('answers 400 for a bad limit and 401 without a token', async () => {
    const bad = await get('/v1/secure/location-names/?q=&limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(true);
    expect((await get('/v1/secure/cantons/find?q=', {})).status).toBe(401);
  });
});

describe('GET /api/user/cantons (public)', () => {
  it('lists every canton with its ÖREB portal, without a token', async () => {
    const { status, body } = await get('/api/user/cantons', {});
    expect(status).toBe(200);
    expect(body).toHaveLength(26);
    expect(body.find((c: { code: string }) => c.code === 'GE')).toEqual({
      _id: '25',
      code: 'GE',
      urlOREB: 'https://ge.ch/terecadastrerdppf/',
    });
    for (const canton of body) expect(canton.urlOREB).toMatch(/^https:\/\//);
  });
});
