import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MapViewScreen } from '../../../src/features/mapView/MapViewScreen';
import { mapViewChanged } from '../../../src/features/map/mapSlice';
import {
  advancedDialogOpened,
  draftChanged,
  searchCleared,
  searchRequested,
} from '../../../src/features/search/searchSlice';
import { criteriaFromDraft } from '../../../src/features/search/advancedDraft';
import { SEARCH_SPINNER_MS, TYPING_DEBOUNCE_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { fullResponse, searchResponse } from './searchFixtures';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

const requests: URL[] = [];
const server = startMswServer();

function answerSearch(body: unknown, status = 200) {
  server.use(
    http.get(apiUrl('/v1/secure/maps/search'), ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
    http.get(apiUrl('/v1/secure/maps/advance-search'), ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
}

function renderMapView(entry = '/') {
  // The map screen's controls do not hide behind `pointer-events: none`; skipping userEvent's walk up the
  // styles of every ancestor on each event keeps this large screen's tests inside their timeout when the
  // machine is busy (a full run timed one out at 30 s).
  const user = userEvent.setup({
    advanceTimers: jest.advanceTimersByTime,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });
  const view = renderWithProviders(<MapViewScreen />, {
    initialEntries: [entry],
    preloadedState: { session: sessionFixture() },
  });
  return { user, ...view };
}

async function elapse(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

async function quickSearch(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Quick search' }), `${text}{Enter}`);
}

beforeEach(() => {
  requests.length = 0;
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('map view search (spec §2, §4, §5)', () => {
  it('runs a quick search 450 ms after Enter and shows the count, the paging and the cards', async () => {
    answerSearch(searchResponse(12, 20));
    const { user, store } = renderMapView();
    await quickSearch(user, 'Baarerstrasse');
    expect(store.getState().search.searching).toBe(true);
    await elapse(TYPING_DEBOUNCE_MS - 10);
    expect(requests).toHaveLength(0);
    await elapse(10);
    expect(await screen.findByText('Found 20 results')).toBeInTheDocument();
    expect(requests[0].pathname).toBe('/v1/secure/maps/search');
    expect(requests[0].searchParams.get('searchQuery')).toBe('Baarerstrasse');
    expect(requests[0].searchParams.get('page')).toBe('1');
    expect(requests[0].searchParams.get('size')).toBe('12');
    expect(screen.getByTestId('result-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getAllByTestId('result-card')).toHaveLength(12);
    await elapse(SEARCH_SPINNER_MS);
    expect(store.getState().search.searching).toBe(false);
  });

  it('leaves the roads out of a quick search until the advanced dialog lets them in', async () => {
    answerSearch(searchResponse(3));
    const { store } = renderMapView();
    const submit = (text: string) => {
      const box = screen.getByRole('searchbox', { name: 'Quick search' });
      fireEvent.change(box, { target: { value: text } });
      fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[0]);
    };
    submit('Zug');
    await elapse(TYPING_DEBOUNCE_MS);
    await screen.findByText('Found 3 results');
    // Still the free quick search: leaving the roads out is not an advanced filter, and no chip.
    expect(requests[0].pathname).toBe('/v1/secure/maps/search');
    expect(requests[0].searchParams.get('PRC_IND')).toBe('Standard');
    expect(screen.queryByTestId('chip-PRC_IND')).not.toBeInTheDocument();

    // The dialog's "Include roads" (as its Search button sends it): later quick searches keep the roads,
    // even after the results were cleared (an empty search).
    act(() => {
      store.dispatch(advancedDialogOpened());
    });
    expect(store.getState().search.draft.includeRoads).toBe(false);
    act(() => {
      store.dispatch(draftChanged({ includeRoads: true }));
      store.dispatch(searchRequested(criteriaFromDraft(store.getState().search.draft)));
    });
    await elapse(TYPING_DEBOUNCE_MS);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].searchParams.get('PRC_IND')).toBeNull();
    act(() => {
      store.dispatch(searchCleared());
    });
    // The search box takes no search while its spinner turns.
    await elapse(SEARCH_SPINNER_MS);
    submit('Baar');
    await elapse(TYPING_DEBOUNCE_MS);
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2].searchParams.get('searchQuery')).toBe('Baar');
    expect(requests[2].searchParams.get('PRC_IND')).toBeNull();
    act(() => {
      store.dispatch(advancedDialogOpened());
    });
    expect(store.getState().search.draft.includeRoads).toBe(true);
  });

  it('lands on the listed parcels after a search, and stays put with no banner when nothing is found', async () => {
    answerSearch(searchResponse(0, 0));
    const { store } = renderMapView();
    const submit = (text: string) => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Quick search' }), { target: { value: text } });
      fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[0]);
    };
    submit('Xylophonweg');
    await elapse(TYPING_DEBOUNCE_MS);
    await waitFor(() => expect(requests).toHaveLength(1));
    await elapse(0);
    expect(store.getState().map.flyTo).toBeNull();
    expect(store.getState().map.fitTo).toBeNull();
    expect(screen.queryByTestId('zoom-banner')).not.toBeInTheDocument();

    answerSearch(searchResponse(3));
    await elapse(SEARCH_SPINNER_MS);
    submit('Zug');
    await elapse(TYPING_DEBOUNCE_MS);
    await screen.findByText('Found 3 results');
    await waitFor(() => expect(store.getState().map.fitTo).not.toBeNull());
    // The fixture's parcels share one centroid: a point, which the controller shows at zoom 14 or closer.
    expect(store.getState().map.fitTo?.bounds).toEqual([8.5156, 47.1724, 8.5156, 47.1724]);
    expect(store.getState().map.flyTo).toBeNull();
  });

  it('makes no call for an empty search and clears results and the address query', async () => {
    answerSearch(searchResponse(3));
    const { user, store } = renderMapView('/?searchQuery=Zug');
    expect(await screen.findByText('Found 3 results')).toBeInTheDocument();
    requests.length = 0;
    const box = screen.getByRole('searchbox', { name: 'Quick search' });
    await user.clear(box);
    await user.type(box, '{Enter}');
    await elapse(TYPING_DEBOUNCE_MS);
    expect(requests).toHaveLength(0);
    expect(screen.queryByText(/Found/)).not.toBeInTheDocument();
    expect(store.getState().search.addressQuery).toBe('');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("shows '100+' pages at the cap and keeps the filters when the page changes", async () => {
    answerSearch(searchResponse(12, 5000));
    const { user } = renderMapView('/?searchQuery=Zug&CANTON=ZG');
    expect(await screen.findByText('Found 5,000 results')).toBeInTheDocument();
    expect(screen.getByTestId('result-page')).toHaveTextContent('Page 1 of 100+');
    await user.click(screen.getByLabelText('Next page'));
    await elapse(0);
    await screen.findByText('Page 2 of 100+');
    const last = requests[requests.length - 1];
    expect(last.searchParams.get('page')).toBe('2');
    expect(last.searchParams.get('CANTON')).toBe('ZG');
    expect(last.searchParams.get('searchQuery')).toBe('Zug');
    expect(screen.getByTestId('location')).toHaveTextContent('/?searchQuery=Zug&CANTON=ZG&page=2&size=12');
  });

  it('restores the search from the query string on load (same call, same page)', async () => {
    answerSearch(searchResponse(12, 40));
    renderMapView(
      '/?CANTON=ZG&LOCNAME=Zug&LOCNAME=Baar&PRC_SUR_from=500&PRC_SUR_to=99999999999&page=3&size=12',
    );
    expect(await screen.findByText('Found 40 results')).toBeInTheDocument();
    const [request] = requests;
    expect(request.pathname).toBe('/v1/secure/maps/advance-search');
    expect(request.searchParams.get('a')).toBe('1');
    expect(request.searchParams.getAll('LOCNAME')).toEqual(['Zug', 'Baar']);
    expect(request.searchParams.get('PRC_SUR_from')).toBe('500');
    expect(request.searchParams.get('PRC_SUR_to')).toBe('99999999999');
    expect(request.searchParams.get('page')).toBe('3');
    expect(screen.getByTestId('chip-PRC_SUR_from')).toHaveTextContent('Parcel size: ≥ 500 m²');
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    answerSearch(searchResponse(8, 20));
    renderMapView('/?searchQuery=Zug&page=9&size=12');
    await screen.findByText('Page 2 of 2');
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['9', '2']);
    expect(screen.getByTestId('location')).toHaveTextContent('/?searchQuery=Zug&page=2&size=12');
  });

  it("shows the red 'Zoom in for results' below zoom 14 and 'Showing N' from zoom 14", async () => {
    answerSearch(searchResponse(5));
    const { store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 5 results');
    const banner = screen.getByTestId('zoom-banner');
    expect(banner).toHaveTextContent('Zoom in for results');
    expect(banner.className).toMatch(/danger/);
    act(() => {
      store.dispatch(mapViewChanged({ zoom: 14.2, center: [8.5, 47.17] }));
    });
    expect(screen.getByTestId('zoom-banner')).toHaveTextContent('Showing 5');
    expect(screen.getByTestId('zoom-banner').className).not.toMatch(/danger/);
  });

  it('shows the active filters as chips and searches again without a removed one', async () => {
    answerSearch(searchResponse(2));
    const { user } = renderMapView(
      '/?searchQuery=Zug&CANTON=ZG&PRC_TYP=Baurecht&GRN_RAD_from=0&GRN_RAD_to=9',
    );
    await screen.findByText('Found 2 results');
    expect(screen.getByTestId('chip-CANTON')).toHaveTextContent('Canton: ZG');
    expect(screen.getByTestId('chip-PRC_TYP')).toHaveTextContent('Property type: Leasehold');
    expect(screen.getByTestId('chip-GRN_RAD')).toHaveTextContent('Radon content: yes');
    requests.length = 0;
    await user.click(within(screen.getByTestId('chip-CANTON')).getByLabelText('Remove filter Canton'));
    await elapse(TYPING_DEBOUNCE_MS);
    await screen.findByText('Found 2 results');
    expect(requests[0].searchParams.has('CANTON')).toBe(false);
    expect(requests[0].searchParams.get('PRC_TYP')).toBe('Baurecht');
    expect(screen.queryByTestId('chip-CANTON')).not.toBeInTheDocument();
  });

  it("warns 'No results found' when a search has no hits, or the server's message", async () => {
    answerSearch(searchResponse(0));
    const { user, store } = renderMapView();
    await quickSearch(user, 'Nowhere');
    await elapse(TYPING_DEBOUNCE_MS);
    await screen.findByText('Found 0 results');
    expect(store.getState().ui.snackbars.at(-1)).toMatchObject({
      kind: 'warning',
      message: { id: 'search.noResults' },
    });

    answerSearch(searchResponse(0, 0, { errorMessage: 'Nothing matches these filters' }));
    await quickSearch(user, 'x');
    await elapse(TYPING_DEBOUNCE_MS);
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)).toMatchObject({
        kind: 'warning',
        message: { text: 'Nothing matches these filters' },
      }),
    );
  });

  it("shows the server's message as an error sentence with Upgrade when the advanced-search limit is reached", async () => {
    answerSearch(
      {
        error: true,
        errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
        errorMessage: 'You reached the advanced search limit of your plan',
      },
      402,
    );
    const { store } = renderMapView('/?CANTON=ZG');
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)).toMatchObject({
        kind: 'error',
        message: { text: 'You reached the advanced search limit of your plan.' },
        action: { labelId: 'plan.dialog.upgrade', to: '/plans' },
      }),
    );
    expect(requests[0].pathname).toBe('/v1/secure/maps/advance-search');
  });

  it('opens a result card: highlights it, flies to zoom 17 with pitch 60 and loads its full details', async () => {
    answerSearch(searchResponse(3));
    server.use(
      http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), ({ params }) =>
        HttpResponse.json(fullResponse({ PRC_ID: String(params.id), PRC_NO: '101' })),
      ),
    );
    const { user, store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 3 results');
    const card = screen.getAllByTestId('result-card')[1];
    await user.click(card);
    expect(store.getState().parcel.selectedParcelId).toBe('CH000000000001');
    expect(store.getState().map.flyTo).toMatchObject({ zoom: 17, pitch: 60, center: [8.5156, 47.1724] });
    // The card's title button tells a screen reader which parcel is open.
    expect(within(card).getByRole('button', { name: /^Parcel / })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getAllByTestId('result-card')[0]).getByRole('button', { name: /^Parcel / }),
    ).toHaveAttribute('aria-pressed', 'false');
    const drawer = await screen.findByTestId('parcel-drawer');
    expect(await within(drawer).findByText('Parcel 101')).toBeInTheDocument();
    expect(within(drawer).getByText('Buildings (1)')).toBeInTheDocument();
  });

  it('the full-report action opens the parcel\u2019s PDF report in a new tab, in the interface language', async () => {
    answerSearch(searchResponse(1));
    server.use(
      http.get(apiUrl('/v1/secure/maps/export-token/:id'), () =>
        HttpResponse.json({ token: 'one-time', expiresAt: '2026-11-23T00:05:00.000Z' }),
      ),
    );
    const open = jest.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const { user, store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 1 result');
    const card = screen.getAllByTestId('result-card')[0];
    await user.click(within(card).getByRole('button', { name: 'Full report' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(open.mock.calls[0][0] as string, 'http://localhost');
    expect(url.pathname).toMatch(/\/v1\/secure\/reports\/pdf$/);
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('ott_token')).toBe('one-time');
    expect(url.searchParams.get('prcid')).toBe(searchResponse(1).hits.hits[0]._id);
    expect(open.mock.calls[0][1]).toBe('_blank');
    // The report does not open the drawer (a click on the card does).
    expect(store.getState().parcel.detailOpen).toBe(false);
    open.mockRestore();
  });

  it('a new search closes the open parcel and, instead of a flight to the start view, lands on its hits', async () => {
    answerSearch(searchResponse(2));
    server.use(
      http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () => HttpResponse.json(fullResponse())),
    );
    const { user, store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 2 results');
    await user.click(screen.getAllByTestId('result-card')[0]);
    await quickSearch(user, ' Baar');
    expect(store.getState().parcel.detailOpen).toBe(false);
    expect(store.getState().parcel.selectedParcelId).toBeNull();
    expect(store.getState().search.paging.page).toBe(1);
    // The camera stays at the open parcel (no flight back to the start view) until the new hits are known.
    expect(store.getState().map.flyTo).toMatchObject({ zoom: 17, pitch: 60 });
    const fitsBefore = store.getState().map.fitTo?.seq ?? 0;
    await elapse(TYPING_DEBOUNCE_MS);
    await waitFor(() => expect(store.getState().map.fitTo?.seq).toBeGreaterThan(fitsBefore));
    expect(store.getState().map.fitTo?.bounds).toEqual([8.5156, 47.1724, 8.5156, 47.1724]);
  });
});
