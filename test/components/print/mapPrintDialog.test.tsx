import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MapPrintRequest } from '../../../src/contract/MapPrint';
import { initialLayersState } from '../../../src/features/layers/layersSlice';
import { initialMapState } from '../../../src/features/map/mapSlice';
import { MapPrintDialog } from '../../../src/features/print/MapPrintDialog';
import { lv95FromWgs84 } from '../../../src/lib/geo/lv95';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { captureSavedFiles } from '../savedFiles';
import { fixtureState } from '../storeFixture';

let requests: MapPrintRequest[] = [];
let refusal: { status: number; message: string } | null = null;
startMswServer(
  http.post(apiUrl('/v1/secure/maps/print'), async ({ request }) => {
    requests.push((await request.json()) as MapPrintRequest);
    if (refusal)
      return HttpResponse.json({ error: true, message: refusal.message }, { status: refusal.status });
    return new HttpResponse(new Blob(['%PDF-1.7 test']), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="parcel-atlas-map-1-2000-A4-landscape-2026-11-27.pdf"',
      },
    });
  }),
);

const saved = captureSavedFiles('blob:print');
beforeEach(() => {
  requests = [];
  refusal = null;
});

/** Baar (ZG) at a zoom whose screen scale is about 1:2'170, with a printed and an unprintable layer on. */
const BAAR: [number, number] = [8.52588, 47.19626];
function state(center = BAAR, zoom = 16.5): AppPreloadedState {
  return {
    ...fixtureState('signed-in-map-user'),
    map: { ...initialMapState, center, zoom, pitch: 0, bearing: 0 },
    layers: { ...initialLayersState, on: ['floods', 'satellite'] },
    print: { dialogOpen: true, frame: null },
  };
}

/** The frame's extent east–west in LV95 metres. */
function frameWidth(frame: [number, number][] | null): number {
  const easts = (frame ?? []).map((point) => lv95FromWgs84(point).east);
  return Math.max(...easts) - Math.min(...easts);
}

describe('the map print dialog', () => {
  it('opens at the standard scale nearest the view and shows the frame that scale covers on the map', async () => {
    const { store } = renderWithProviders(<MapPrintDialog />, { preloadedState: state() });
    expect(await screen.findByText("1:2'000")).toBeInTheDocument();
    // A4 landscape: 277 mm of map across at 1:2'000 are 554 m of ground.
    await waitFor(() => expect(store.getState().print.frame).not.toBeNull());
    expect(frameWidth(store.getState().print.frame)).toBeCloseTo(554, 0);
    expect(screen.getByText('Sheet covers 554 × 270 m')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Portrait'));
    await waitFor(() => expect(frameWidth(store.getState().print.frame)).toBeCloseTo(380, 0));
    // The satellite imagery cannot be printed, and the dialog says so.
    expect(screen.getByText(/Not on the print: Satellite/)).toBeInTheDocument();
  });

  it('defaults to 1:25’000 for a view of a whole region', async () => {
    renderWithProviders(<MapPrintDialog />, { preloadedState: state(BAAR, 13) });
    expect(await screen.findByText("1:25'000")).toBeInTheDocument();
  });

  it('refuses a title over 80 characters before asking the server', async () => {
    renderWithProviders(<MapPrintDialog />, { preloadedState: state() });
    fireEvent.change(await screen.findByTestId('print-title'), { target: { value: 'x'.repeat(81) } });
    fireEvent.click(screen.getByTestId('print-create'));
    expect(await screen.findByText('The title can have at most 80 characters.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends the view in LV95 with its layers, language and share link, downloads the PDF and closes', async () => {
    const { store } = renderWithProviders(<MapPrintDialog />, {
      preloadedState: state(),
      initialEntries: ['/?map=8.52588%2C47.19626%2C16.5%2C0%2C0'],
    });
    fireEvent.change(await screen.findByTestId('print-title'), { target: { value: ' Situation Baar ' } });
    await act(async () => fireEvent.click(screen.getByTestId('print-create')));
    await waitFor(() => expect(store.getState().print.dialogOpen).toBe(false));
    const [sent] = requests;
    const { east, north } = lv95FromWgs84(BAAR);
    expect(sent).toEqual({
      paper: 'A4',
      orientation: 'landscape',
      scale: 2000,
      center: { east: Math.round(east), north: Math.round(north) },
      layers: ['floods', 'satellite'],
      title: 'Situation Baar',
      locale: 'en',
      // The share link as the address bar has it (the map's URL sync writes camera and layers).
      view: 'map=8.52588%2C47.19626%2C16.5%2C0%2C0&layers=satellite%2Cfloods',
    });
    expect(saved).toEqual(['parcel-atlas-map-1-2000-A4-landscape-2026-11-27.pdf']);
    expect(store.getState().print.frame).toBeNull();
  });

  it('shows the server’s refusal in the dialog', async () => {
    refusal = { status: 429, message: 'Too many prints in a short time. Please wait a minute and try again' };
    renderWithProviders(<MapPrintDialog />, { preloadedState: state() });
    await act(async () => fireEvent.click(await screen.findByTestId('print-create')));
    expect(await screen.findByTestId('print-failure')).toHaveTextContent(
      'The PDF could not be created: Too many prints in a short time.',
    );
  });

  it('draws no frame and offers no PDF outside Switzerland', async () => {
    const { store } = renderWithProviders(<MapPrintDialog />, { preloadedState: state([2.35, 48.85]) });
    expect(await screen.findByText('Move the map over Switzerland to print it.')).toBeInTheDocument();
    expect(screen.getByTestId('print-create')).toBeDisabled();
    expect(store.getState().print.frame).toBeNull();
  });
});
