import type { ParcelListItem } from '../../src/contract/ParcelLists';
import { visibleListItems } from '../../src/features/lists/listItemOrder';
import { UNASSIGNED } from '../../src/features/lists/listsSlice';
import { listExtent, listedParcelFeatures } from '../../src/features/lists/ListHighlightLayer';

const item = (prcNo: string, overrides: Partial<ParcelListItem> = {}): ParcelListItem => ({
  prcId: `CH${prcNo}`,
  prcNo,
  locname: 'Baar',
  canton: 'ZG',
  area: 500,
  lon: 8.5,
  lat: 47.2,
  status: 'new',
  assignee: null,
  addedBy: null,
  addedAt: '2026-11-27T10:00:00.000Z',
  noteCount: 0,
  ...overrides,
});

const items = [
  item('10', { status: 'offer', area: 900, locname: 'Zug', addedAt: '2026-11-27T09:00:00.000Z' }),
  item('2', { assignee: { id: 'b', name: 'Beat' }, locname: 'Cham' }),
  item('1000', { status: 'dropped', area: 1200, locname: 'Äugst', addedAt: '2026-11-27T11:00:00.000Z' }),
  item('9', { status: 'offer', assignee: { id: 'a', name: 'Anna' }, lon: 8.6, lat: 47.1 }),
];
const numbers = (list: ParcelListItem[]) => list.map((i) => i.prcNo);

describe('the list view’s filters and order', () => {
  it('orders parcel numbers as numbers, places alphabetically with umlauts, statuses by the pipeline', () => {
    const all = { status: null, assignee: null };
    expect(numbers(visibleListItems(items, all, 'number'))).toEqual(['2', '9', '10', '1000']);
    expect(numbers(visibleListItems(items, all, 'place'))).toEqual(['1000', '9', '2', '10']);
    expect(numbers(visibleListItems(items, all, 'status'))).toEqual(['2', '9', '10', '1000']);
    expect(numbers(visibleListItems(items, all, 'area'))).toEqual(['1000', '10', '2', '9']);
    expect(numbers(visibleListItems(items, all, 'added'))).toEqual(['10', '2', '9', '1000']);
  });

  it('filters by status, by assignee and by nobody assigned', () => {
    expect(numbers(visibleListItems(items, { status: 'offer', assignee: null }, 'number'))).toEqual([
      '9',
      '10',
    ]);
    expect(numbers(visibleListItems(items, { status: null, assignee: 'a' }, 'number'))).toEqual(['9']);
    expect(numbers(visibleListItems(items, { status: null, assignee: UNASSIGNED }, 'number'))).toEqual([
      '10',
      '1000',
    ]);
    expect(visibleListItems(items, { status: 'acquired', assignee: null }, 'number')).toEqual([]);
  });

  it('puts the parcels on the map as status-coloured points and fits their extent', () => {
    expect(listedParcelFeatures(items.slice(3)).features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [8.6, 47.1] },
        properties: { PRC_ID: 'CH9', status: 'offer', label: '9' },
      },
    ]);
    expect(listExtent(items)).toEqual([8.5, 47.1, 8.6, 47.2]);
    expect(listExtent([])).toBeNull();
  });
});
