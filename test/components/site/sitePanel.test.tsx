import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SITE_PATHS, type LandSite } from '../../../src/contract/Sites';
import { initialMapSelectionState } from '../../../src/features/map/selection/mapSelectionSlice';
import { SitePanel } from '../../../src/features/site/SitePanel';
import { initialSiteState } from '../../../src/features/site/siteSlice';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { listSummaryFixture, listsHandler } from '../listFixture';
import { fixtureState } from '../storeFixture';

const LIST = listSummaryFixture('L7', 'Areale Baar');

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const parcel = (egrid: string, number: string) => ({
  egrid,
  number,
  place: 'Baar',
  canton: 'ZG',
  area: 500,
  buildableFloorArea: 400,
  reserve: 100,
});
const SITE: LandSite = {
  parcels: [parcel('CH100', '49'), parcel('CH200', '50'), parcel('CH300', '51')],
  area: 1500,
  outlineArea: 1500,
  buildableFloorArea: 1200,
  reserve: 300,
  outlineLv95: square,
  outline: square,
  constraints: [],
};

const bodies: unknown[] = [];
startMswServer(
  listsHandler(LIST),
  http.get(apiUrl(`/v1/secure/${SITE_PATHS.figures}`), () => HttpResponse.json(SITE)),
  http.post(apiUrl('/v1/secure/lists/L7/items/bulk'), async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ added: 3, alreadyListed: 0, notFound: 0 });
  }),
);

describe('SitePanel: a site saved in a list', () => {
  it('puts all the site parcels into the chosen list in one request and leaves the site and a map selection be', async () => {
    const selection = { ...initialMapSelectionState, active: true, parcels: [{ prcId: 'CH9', prcNo: '9' }] };
    const { store } = renderWithProviders(<SitePanel />, {
      preloadedState: {
        ...fixtureState('signed-in-map-user'),
        site: {
          ...initialSiteState,
          entries: SITE.parcels.map(({ egrid, number }) => ({ egrid, number })),
        },
        mapSelection: selection,
      },
    });
    await userEvent.click(await screen.findByTestId('site-add-to-list'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Areale Baar' }));
    await waitFor(() => expect(bodies).toEqual([{ prcIds: ['CH100', 'CH200', 'CH300'] }]));
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)?.message).toEqual({
        id: 'lists.addedMany',
        values: { count: 3, listed: 0, list: 'Areale Baar' },
      }),
    );
    expect(store.getState().lists).toMatchObject({ panelOpen: true, openListId: 'L7' });
    expect(store.getState().site.entries).toHaveLength(3);
    expect(store.getState().mapSelection).toEqual(selection);
  });
});
