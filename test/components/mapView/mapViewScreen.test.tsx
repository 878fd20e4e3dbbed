import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { SearchBucket, SearchResponse } from '../../../src/contract/Parcel';
import type { LandSite } from '../../../src/contract/Sites';
import { mapViewChanged } from '../../../src/features/map/mapSlice';
import { MapViewScreen } from '../../../src/features/mapView/MapViewScreen';
import { PARCEL_MIN_ZOOM } from '../../../src/contract/VectorTiles';
import { formatLv95Value } from '../../../src/lib/geo/lv95';
import { TYPING_DEBOUNCE_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fullResponse, searchResponse } from '../search/searchFixtures';
import { sessionFixture } from '../sessionFixture';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

const server = startMswServer();

function answer(search: SearchResponse) {
  server.use(
    http.get(apiUrl('/v1/secure/maps/search'), () =>
      HttpResponse.json(search as unknown as Record<string, unknown>),
    ),
    http.get(apiUrl('/v1/secure/maps/advance-search'), () =>
      HttpResponse.json(search as unknown as Record<string, unknown>),
    ),
    http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), ({ params }) =>
      HttpResponse.json(fullResponse({ PRC_ID: String(params.id), PRC_NO: '101' })),
    ),
  );
}

function bucket(key: string, count: number, box: [number, number, number, number]): SearchBucket {
  const [west, south, east, north] = box;
  return {
    key,
    doc_count: count,
    city: { geometry: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] } },
    bounds: { top_left: { lon: west, lat: north }, bottom_right: { lon: east, lat: south } },
  };
}

function withBuckets(buckets: SearchBucket[], box: [number, number, number, number]): SearchResponse {
  const [west, south, east, north] = box;
  return searchResponse(3, 3, {
    aggregations: {
      byLocation: { buckets },
      viewport: { bounds: { top_left: { lon: west, lat: north }, bottom_right: { lon: east, lat: south } } },
    },
  });
}

/** Makes the media queries of a viewport `width` px wide match, as a browser would. */
function viewportWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
    return {
      matches: width <= max,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

const desktopMatchMedia = window.matchMedia;
let clipboard: string[] = [];

beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void clipboard.push(text)) },
  });
});

afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

function renderMapView(entry = '/') {
  return renderWithProviders(<MapViewScreen />, {
    initialEntries: [entry],
    preloadedState: { session: sessionFixture() },
  });
}

describe('zoom to results', () => {
  it('lands on the listed parcels once the search answers, without a flight to the start view first', async () => {
    jest.useFakeTimers();
    try {
      answer(withBuckets([bucket('Zug', 3, [8.47, 47.1, 8.57, 47.2])], [8.47, 47.1, 8.57, 47.2]));
      const { store } = renderMapView();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox', { name: 'Quick search' }), 'Zug{Enter}');
      // The camera stays until the hits are known (a deliberate departure from spec §4, docs/features.md).
      expect(store.getState().map.flyTo).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(TYPING_DEBOUNCE_MS);
      });
      await screen.findByText('Found 3 results');
      // The listed parcels (the fixture's share one centroid), at least where parcels are drawn.
      await waitFor(() =>
        expect(store.getState().map.fitTo).toMatchObject({
          bounds: [8.5156, 47.1724, 8.5156, 47.1724],
          minZoom: PARCEL_MIN_ZOOM,
        }),
      );
      expect(store.getState().map.flyTo).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers "Zoom to results" when the hits lie in several municipalities', async () => {
    answer(
      withBuckets(
        [bucket('Zug', 2, [8.47, 47.1, 8.57, 47.2]), bucket('Lugano', 1, [8.9, 45.98, 8.99, 46.05])],
        [8.47, 45.98, 8.99, 47.2],
      ),
    );
    const { store } = renderMapView('/?searchQuery=Zug');
    const button = await screen.findByRole('button', { name: /Zoom to results/ });
    expect(store.getState().map.fitTo).toBeNull();
    await userEvent.click(button);
    expect(store.getState().map.fitTo?.bounds).toEqual([8.47, 45.98, 8.99, 47.2]);
  });
  it('does not zoom out to the results once a result card was chosen (cached results of the same search)', async () => {
    answer(withBuckets([bucket('Zug', 3, [8.47, 47.1, 8.57, 47.2])], [8.47, 47.1, 8.57, 47.2]));
    const { store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 3 results');
    // The same search again: its results come from the cache, and the user picks a card at once — within
    // the search's 450 ms pause, which the fake clock (and synchronous events) keep however slow the machine.
    const searchbox = screen.getByRole('searchbox', { name: 'Quick search' });
    const card = screen.getAllByTestId('result-card')[0];
    jest.useFakeTimers();
    try {
      fireEvent.keyDown(searchbox, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.click(card);
      await waitFor(() => expect(store.getState().map.flyTo).toMatchObject({ zoom: 17 }));
      // Past the pause, with the cached answer handed out: the camera was not sent to the results.
      await act(() => jest.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS + 50));
    } finally {
      jest.useRealTimers();
    }
    expect(store.getState().map.fitTo).toBeNull();
  });
});

describe('share link', () => {
  it('opens the same screen: filters, camera and parcel from the URL', async () => {
    answer(searchResponse(3));
    const { store } = renderMapView(
      '/?searchQuery=Zug&map=8.51%2C47.17%2C15.5%2C45%2C10&parcel=CH000000000001',
    );
    await screen.findByText('Found 3 results');
    expect(store.getState().map).toMatchObject({ center: [8.51, 47.17], zoom: 15.5, pitch: 45, bearing: 10 });
    // A jump, not the spec's search flight back to the start view.
    expect(store.getState().map.flyTo).toMatchObject({ instant: true, zoom: 15.5 });
    expect(store.getState().parcel).toMatchObject({ selectedParcelId: 'CH000000000001', detailOpen: true });
    expect(
      await within(await screen.findByTestId('parcel-drawer')).findByText('Parcel 101'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/?searchQuery=Zug&page=1&size=12&map=8.51%2C47.17%2C15.5%2C45%2C10&parcel=CH000000000001',
    );
  });

  it('keeps the URL in step with the camera and the open parcel, and copies it with "Copy link"', async () => {
    answer(searchResponse(3));
    // The drawer's content is not what this test is about: its details stay loading.
    server.use(http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () => delay('infinite')));
    const { store } = renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 3 results');
    act(() => {
      store.dispatch(
        mapViewChanged({ center: [8.5123456, 47.1712345], zoom: 16.123, pitch: 60, bearing: -20 }),
      );
    });
    fireEvent.click(screen.getAllByTestId('result-card')[1]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/?searchQuery=Zug&page=1&size=12&map=8.51235%2C47.17123%2C16.12%2C60%2C-20&parcel=CH000000000001',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(clipboard).toEqual([
        'http://localhost/?searchQuery=Zug&page=1&size=12&map=8.51235%2C47.17123%2C16.12%2C60%2C-20&parcel=CH000000000001',
      ]),
    );
    expect(store.getState().ui.snackbars.at(-1)).toMatchObject({ kind: 'success' });
    // Closing the drawer takes the parcel out of the link.
    fireEvent.click(await screen.findByRole('button', { name: 'Close parcel details' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('parcel='));
  });
});

describe('a shared site', () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [8.5, 47.1],
        [8.51, 47.1],
        [8.51, 47.11],
        [8.5, 47.1],
      ],
    ],
  };
  const site = (egrids: string[]): LandSite => ({
    parcels: egrids.map((egrid, i) => ({
      egrid,
      number: String(201 + i),
      place: 'Baar',
      canton: 'ZG',
      area: 500,
      buildableFloorArea: 400,
      reserve: 150,
    })),
    area: 500 * egrids.length,
    outlineArea: 500 * egrids.length,
    buildableFloorArea: 400 * egrids.length,
    reserve: 150 * egrids.length,
    outlineLv95: square,
    outline: square,
    constraints: [],
  });

  it('opens the site of a link with site=: its parcels by number, its figures, and "Copy link" copies the same link', async () => {
    answer(searchResponse(3));
    const asked: string[][] = [];
    server.use(
      http.get(apiUrl('/v1/secure/maps/site'), ({ request }) => {
        const egrids = new URL(request.url).searchParams.getAll('egrids');
        asked.push(egrids);
        return HttpResponse.json(site(egrids) as unknown as Record<string, unknown>);
      }),
    );
    const { store } = renderMapView(
      '/?map=8.51%2C47.17%2C17%2C0%2C0&site=CH000000000007,CH000000000008,<bad>',
    );
    const panel = await screen.findByTestId('site-panel');
    expect(asked[0]).toEqual(['CH000000000007', 'CH000000000008']);
    expect(await within(panel).findByText('Parcel 201')).toBeInTheDocument();
    expect(within(panel).getByText('Parcel 202')).toBeInTheDocument();
    expect(within(panel).getByTestId('site-area')).toHaveTextContent('1,000 m²');
    // The numbers reach the slice too (the map highlight and the remove buttons name them).
    expect(store.getState().site.entries).toEqual([
      { egrid: 'CH000000000007', number: '201' },
      { egrid: 'CH000000000008', number: '202' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/?map=8.51%2C47.17%2C17%2C0%2C0&site=CH000000000007,CH000000000008',
      ),
    );
    fireEvent.click(within(panel).getByTestId('site-copy-link'));
    await waitFor(() =>
      expect(clipboard).toEqual([
        'http://localhost/?map=8.51%2C47.17%2C17%2C0%2C0&site=CH000000000007,CH000000000008',
      ]),
    );
    // Clearing the site takes it out of the link.
    fireEvent.click(within(panel).getByTestId('site-clear'));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('site='));
  });
});

describe('coordinates and measuring', () => {
  it('shows the parcel centre in LV95 and WGS84 in the drawer, each with a copy button', async () => {
    answer(searchResponse(3));
    renderMapView('/?searchQuery=Zug&parcel=CH000000000001');
    const drawer = await screen.findByTestId('parcel-drawer');
    const lv95 = await within(drawer).findByTestId('parcel-lv95');
    // Shown with the Swiss apostrophes, E over N; copied as plain numbers for CAD and GIS tools.
    expect(lv95.textContent).toMatch(/^E 2'68\d'\d{3}\.\d{2}N 1'2\d{2}'\d{3}\.\d{2}$/);
    expect(within(drawer).getByTestId('parcel-wgs84').textContent).toMatch(/^\d+\.\d{6}° N\d+\.\d{6}° E$/);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Copy LV95 coordinates' }));
    await waitFor(() => expect(clipboard).toHaveLength(1));
    const [east, north] = clipboard[0].split(', ').map(Number);
    expect(lv95.textContent).toBe(`E ${formatLv95Value(east)}N ${formatLv95Value(north)}`);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Copy WGS84 coordinates' }));
    await waitFor(() => expect(clipboard[1]).toMatch(/^47\.\d{6}, 8\.\d{6}$/));
  });

  it('measures a distance from map clicks and shows it in metres; Esc ends measuring', async () => {
    answer(searchResponse(0));
    const { store } = renderMapView();
    await userEvent.click(screen.getByRole('button', { name: 'Measure distance' }));
    expect(screen.getByRole('button', { name: 'Measure distance' })).toHaveAttribute('aria-pressed', 'true');
    // The measure tool is a chunk of its own, loaded when measuring starts.
    expect(await screen.findByTestId('measure-result')).toHaveTextContent('Click 2 more points on the map');
    act(() => {
      store.dispatch({ type: 'measure/measurePointAdded', payload: [8.5, 47.1] });
      store.dispatch({ type: 'measure/measurePointAdded', payload: [8.51, 47.1] });
    });
    // 0.01° of longitude at 47.1° N is about 758 m.
    expect(screen.getByTestId('measure-result').textContent).toMatch(/^75\d\.\d m$/);
    await userEvent.click(screen.getByRole('button', { name: 'Undo point' }));
    expect(store.getState().measure.points).toEqual([[8.5, 47.1]]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(store.getState().measure.mode).toBe('off');
    expect(screen.queryByTestId('measure-panel')).not.toBeInTheDocument();
  });
});

describe('layouts by width', () => {
  it('on a desktop keeps the search head in place and scrolls only the result list', async () => {
    answer(searchResponse(12, 40));
    renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 40 results');
    const head = screen.getByTestId('search-panel-head');
    const list = screen.getByTestId('result-list');
    expect(within(head).getByRole('searchbox', { name: 'Quick search' })).toBeInTheDocument();
    expect(within(head).getByTestId('result-count')).toBeInTheDocument();
    expect(within(list).getAllByTestId('result-card')).toHaveLength(12);
    expect(list).toHaveStyle({ overflowY: 'auto', flex: '1' });
    expect(screen.getByTestId('search-panel')).not.toHaveStyle({ padding: '12px' });
    expect(screen.getByTestId('map-view')).toHaveAttribute('data-layout', 'desktop');
    expect(screen.queryByTestId('side-panel-toggle')).not.toBeInTheDocument();
  });

  it('on a phone puts search and results in a bottom sheet over the map, and the drawer full screen', async () => {
    viewportWidth(390);
    answer(searchResponse(3));
    server.use(http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () => delay('infinite')));
    renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 3 results');
    expect(screen.getByTestId('map-view')).toHaveAttribute('data-layout', 'phone');
    expect(screen.queryByTestId('side-panel')).not.toBeInTheDocument();
    const sheet = screen.getByTestId('bottom-sheet');
    const handle = within(sheet).getByRole('button', { name: 'Show results' });
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(handle);
    expect(within(sheet).getByRole('button', { name: 'Hide results' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Opening a card opens the drawer over the whole map area, and the sheet does not show through it.
    fireEvent.click(within(sheet).getAllByTestId('result-card')[0]);
    const drawer = await screen.findByTestId('parcel-drawer');
    expect(drawer.closest('.ant-drawer-content-wrapper')).toHaveStyle({ width: '100%' });
    expect(screen.queryByTestId('bottom-sheet')).not.toBeInTheDocument();
    // Closing the parcel brings the sheet back, folded, so the map is seen.
    fireEvent.click(screen.getByRole('button', { name: 'Close parcel details' }));
    const sheetAgain = await screen.findByTestId('bottom-sheet');
    expect(sheetAgain).toHaveAttribute('data-open', 'false');
    expect(within(sheetAgain).getByText('Found 3 results')).toBeInTheDocument();
  });

  it('on a tablet folds the search panel away and brings it back', async () => {
    viewportWidth(768);
    answer(searchResponse(3));
    renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 3 results');
    expect(screen.getByTestId('map-view')).toHaveAttribute('data-layout', 'tablet');
    fireEvent.click(screen.getByRole('button', { name: 'Hide search panel' }));
    expect(screen.getByTestId('side-panel')).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show search panel' }));
    expect(screen.getByTestId('side-panel')).toBeVisible();
  });

  it('keeps the drawer under the modal layer so a dialog’s mask dims it too', async () => {
    answer(searchResponse(3));
    renderMapView('/?searchQuery=Zug&parcel=CH000000000001');
    const drawer = await screen.findByTestId('parcel-drawer');
    const root = drawer.closest('.ant-drawer') as HTMLElement;
    expect(Number(root.style.zIndex)).toBeLessThan(1000); // antd's modals and their masks start at 1000
    expect(screen.getByTestId('map-area')).toHaveStyle({ isolation: 'isolate' });
  });

  it('names every icon-only button for screen readers, in the interface language', async () => {
    answer(searchResponse(3));
    renderMapView('/?searchQuery=Zug&parcel=CH000000000001');
    await within(await screen.findByTestId('parcel-drawer')).findByText('Parcel 101');
    // An icon's own label is its English file name ("search", "close-circle"): not a name for a button.
    const named = (button: HTMLElement) =>
      (button.textContent ?? '').trim() !== '' ||
      Boolean(button.getAttribute('aria-label')) ||
      Array.from(button.querySelectorAll('[aria-label]')).some(
        (icon) =>
          icon.getAttribute('aria-label') !== icon.getAttribute('data-icon') &&
          !(icon as HTMLElement).classList.contains(`anticon-${icon.getAttribute('aria-label')}`),
      );
    const unnamed = screen.getAllByRole('button').filter((button) => !named(button));
    expect(unnamed.map((button) => button.outerHTML.slice(0, 400))).toEqual([]);
  });
});
