import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MapViewScreen } from '../../../src/features/mapView/MapViewScreen';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { captureSavedFiles } from '../savedFiles';
import { sessionFixture } from '../sessionFixture';
import { searchResponse } from './searchFixtures';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

let exports: URL[] = [];
let exported = { parcels: '2000', total: '2600' };
const server = startMswServer(
  http.get(apiUrl('/v1/secure/maps/search'), () => HttpResponse.json(searchResponse(12, 2600))),
  http.get(apiUrl('/v1/secure/maps/data-quality'), () => HttpResponse.json({ synthetic: 1, official: 0 })),
  http.get(apiUrl('/v1/secure/maps/export/:format'), ({ request, params }) => {
    exports.push(new URL(request.url));
    return new HttpResponse('PRC_ID;PRC_NO\r\n', {
      headers: {
        'content-disposition': `attachment; filename="search-2026-11-27.${String(params.format)}"`,
        'x-export-parcels': exported.parcels,
        'x-search-total': exported.total,
      },
    });
  }),
);

const saved = captureSavedFiles('blob:export');
beforeEach(() => {
  exports = [];
});

function renderMapView(entry: string) {
  return renderWithProviders(
    <>
      <MapViewScreen />
      <SnackbarArea />
    </>,
    { initialEntries: [entry], preloadedState: { session: sessionFixture() } },
  );
}

describe('bulk export of a search result', () => {
  it('exports the whole result in the chosen format and says when the file holds only the first part', async () => {
    // The pointer-events check walks computed styles up the whole map screen on every click; nothing here sets pointer-events.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 2,600 results');
    await user.click(await screen.findByTestId('search-export'));
    await user.click(await screen.findByText('Excel workbook (XLSX)'));
    expect(
      await screen.findByText(
        'Saved search-2026-11-27.xlsx: the first 2,000 of 2,600 parcels (an export holds at most 2,000; narrow the search or use a list for more)',
      ),
    ).toBeInTheDocument();
    expect(exports).toHaveLength(1);
    expect(exports[0].pathname).toBe('/v1/secure/maps/export/xlsx');
    // The search's criteria, not its page: the file holds every page.
    expect(exports[0].searchParams.get('searchQuery')).toBe('Zug');
    expect(exports[0].searchParams.has('page')).toBe(false);
    expect(saved).toEqual(['search-2026-11-27.xlsx']);
  });

  it('names the parcel count when the whole result fits, and shows a refusal with the server’s words', async () => {
    exported = { parcels: '12', total: '12' };
    // The pointer-events check walks computed styles up the whole map screen on every click; nothing here sets pointer-events.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderMapView('/?searchQuery=Zug');
    await screen.findByText('Found 2,600 results');
    await user.click(await screen.findByTestId('search-export'));
    await user.click(await screen.findByText('CSV (Excel, UTF-8)'));
    expect(await screen.findByText('Saved search-2026-11-27.csv: 12 parcels')).toBeInTheDocument();

    server.use(
      http.get(apiUrl('/v1/secure/maps/export/:format'), () =>
        HttpResponse.json(
          {
            error: true,
            errorCode: 'LIMIT_REACHED_FULL_VIEW',
            errorMessage: 'You have reached the full view limit of your plan.',
            message: 'You have reached the full view limit of your plan.',
          },
          { status: 402 },
        ),
      ),
    );
    await user.click(screen.getByTestId('search-export'));
    await user.click(await screen.findByText('GeoJSON (WGS 84)'));
    const refusal = await screen.findByText(/You have reached the full view limit of your plan/);
    // Role queries scoped to the snackbar: over the whole map screen one takes seconds on a busy machine.
    expect(
      within(refusal.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Upgrade' }),
    ).toBeInTheDocument();
  });
});
