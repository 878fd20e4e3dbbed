/**
 * An advanced search counts once per distinct filter set per period. Paging through its
 * results and running it again are free; a different filter set counts; the count stays atomic.
 */
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { canonicalFilterSet, searchFingerprint } from '../../server/services/search/searchFingerprint';
import { parseSearchQuery } from '../../server/services/search/parseSearchQuery';
import type { SubscriptionResponse } from '../../src/contract/Subscription';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
}, 60_000);
afterAll(async () => t.close());

const advancedSearch = (query: string, me: SignedIn) =>
  t.app.inject({ url: `/v1/secure/maps/advance-search?a=1&${query}`, headers: me.headers });

async function advancedSearchesUsed(me: SignedIn): Promise<number> {
  const response = await t.app.inject({ url: '/v1/secure/subscriptions', headers: me.headers });
  return response.json<SubscriptionResponse>().subscription!.usage.advance_search;
}

describe('fair use of the advanced-search quota', () => {
  it('counts a search once however many of its pages are read', async () => {
    const me = await signIn(t.app);
    for (let page = 1; page <= 6; page += 1) {
      const response = await advancedSearch(`CANTON=ZG&page=${page}&size=12`, me);
      expect(response.statusCode).toBe(200);
    }
    expect(await advancedSearchesUsed(me)).toBe(1);
  });

  it('counts the same filters written differently (order, repeats, case of the text) once', async () => {
    const me = await signIn(t.app);
    await advancedSearch('CANTON=ZG&LOCNAME=Zug&LOCNAME=Baar&searchQuery=Dorf', me);
    await advancedSearch('LOCNAME=Baar,Zug&CANTON=zg&searchQuery=%20dorf%20&LOCNAME=Zug', me);
    expect(await advancedSearchesUsed(me)).toBe(1);
  });

  it('counts each distinct filter set (a removed chip is a new search), per user', async () => {
    const me = await signIn(t.app);
    const other = await signIn(t.app);
    await advancedSearch('CANTON=ZG&PRC_SUR_from=500', me);
    await advancedSearch('CANTON=ZG', me);
    await advancedSearch('CANTON=ZG&PRC_SUR_from=500&page=2', me);
    await advancedSearch('CANTON=ZG', other);
    expect(await advancedSearchesUsed(me)).toBe(2);
    expect(await advancedSearchesUsed(other)).toBe(1);
  });

  it('lets a trial user page through all six pages of ten searches and still run nine more', async () => {
    const me = await signIn(t.app);
    for (let page = 1; page <= 6; page += 1) await advancedSearch(`CANTON=ZG&page=${page}`, me);
    for (let n = 1; n <= 9; n += 1) {
      expect((await advancedSearch(`CANTON=ZG&PRC_SUR_from=${n}`, me)).statusCode).toBe(200);
    }
    expect(await advancedSearchesUsed(me)).toBe(10);
    const refused = await advancedSearch('CANTON=ZG&PRC_SUR_from=99', me);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH' });
    // A search counted before the limit was reached stays readable, page by page.
    expect((await advancedSearch('CANTON=ZG&page=3', me)).statusCode).toBe(200);
    // A refused search was not recorded: it is still refused, not free.
    expect((await advancedSearch('CANTON=ZG&PRC_SUR_from=99', me)).statusCode).toBe(402);
    expect(await advancedSearchesUsed(me)).toBe(10);
  });

  it('counts once under 20 parallel requests for the same search, and never beyond the limit', async () => {
    const me = await signIn(t.app);
    const same = await Promise.all(Array.from({ length: 20 }, () => advancedSearch('CANTON=LU', me)));
    expect(same.every((response) => response.statusCode === 200)).toBe(true);
    expect(await advancedSearchesUsed(me)).toBe(1);
    const distinct = await Promise.all(
      Array.from({ length: 20 }, (_, n) => advancedSearch(`CANTON=LU&PRC_SUR_from=${n + 1}`, me)),
    );
    expect(distinct.filter((response) => response.statusCode === 200)).toHaveLength(9);
    expect(await advancedSearchesUsed(me)).toBe(10);
  });

  it('stores a hash of the canonical filter set, not the query', () => {
    const query = parseSearchQuery({
      LOCNAME: ['Zug', 'Baar', 'Zug'],
      CANTON: 'ZG',
      searchQuery: ' Zürich  Nord ',
    });
    expect(canonicalFilterSet(query)).toEqual([
      ['searchQuery', 'zurich nord'],
      ['CANTON', 'ZG'],
      ['LOCNAME', ['Baar', 'Zug']],
    ]);
    const key = searchFingerprint(query);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(
      searchFingerprint(parseSearchQuery({ CANTON: 'ZG', LOCNAME: 'Baar,Zug', searchQuery: 'zurich nord' })),
    ).toBe(key);
    expect(searchFingerprint(parseSearchQuery({ CANTON: 'ZG' }))).not.toBe(key);
  });
});
