import { http, HttpResponse } from 'msw';
import type { ParcelListsResponse, ParcelListSummary } from '../../src/contract/ParcelLists';
import { apiUrl } from './msw';

/** An empty personal list the user manages, named as the test needs. */
export function listSummaryFixture(id: string, name: string): ParcelListSummary {
  return {
    id,
    name,
    owner: { id: 'u1', name: 'Anna' },
    site: null,
    itemCount: 0,
    counts: { new: 0, reviewing: 0, contacted: 0, offer: 0, acquired: 0, dropped: 0 },
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    canManage: true,
  };
}

/** `GET /v1/secure/lists` answering these lists (what an "Add to list" menu shows). */
export const listsHandler = (...lists: ParcelListSummary[]) =>
  http.get(apiUrl('/v1/secure/lists'), () => HttpResponse.json<ParcelListsResponse>({ lists, sites: [] }));
