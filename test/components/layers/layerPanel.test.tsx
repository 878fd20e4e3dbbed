import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MAP_LAYER_IDS } from '../../../src/contract/MapLayers';
import { LayerPanel } from '../../../src/features/layers/LayerPanel';
import { layerFailed, layerSwitched } from '../../../src/features/layers/layersSlice';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

/** The real style files of public/styles, served as the app serves them. */
const styleFile = (id: string) =>
  JSON.parse(fs.readFileSync(path.resolve('public/styles', `${id}.json`), 'utf8'));

const fetched: string[] = [];
const server = startMswServer(
  http.get(apiUrl('/styles/:file'), ({ params }) => {
    const id = String(params.file).replace(/\.json$/, '');
    fetched.push(id);
    return HttpResponse.json(styleFile(id));
  }),
);
beforeEach(() => {
  fetched.length = 0;
});

function renderPanel(initialEntries = ['/'], zoom = 14) {
  const view = renderWithProviders(<LayerPanel />, {
    initialEntries,
    preloadedState: {
      ...fixtureState('signed-in-map-user'),
      map: { center: [8.5, 47.17], zoom, pitch: 20, bearing: -20, flyTo: null, fitTo: null },
    },
  });
  return { ...view, user: userEvent.setup() };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /layers/i }));
  // The open panel is a chunk of its own, loaded on the first open.
  return screen.findByRole('region', { name: 'Map layers' });
}

describe('layer panel (spec §2 map view)', () => {
  it('opens from its button on the map: the fifteen layers of spec §1 and the building reserve in five groups, all off at start', async () => {
    const { user } = renderPanel();
    expect(screen.queryByRole('region', { name: 'Map layers' })).toBeNull();
    const panel = await openPanel(user);
    expect(within(panel).getAllByRole('switch')).toHaveLength(16);
    for (const s of within(panel).getAllByRole('switch')) expect(s).not.toBeChecked();
    expect(
      within(panel)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby')),
    ).toEqual([
      'layer-group-base',
      'layer-group-planning',
      'layer-group-ground',
      'layer-group-hazards',
      'layer-group-buildings',
    ]);
    for (const name of [
      'Satellite',
      'Radon',
      'Floods',
      '3D buildings',
      '3D terrain',
      'Solar potential',
      'Fix points',
    ])
      expect(within(panel).getByRole('switch', { name })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close the layer panel' }));
    expect(screen.queryByRole('region', { name: 'Map layers' })).toBeNull();
  });

  it('switching a layer on fetches its style once, shows its legend with source, date and "demo data"; off removes it', async () => {
    const { user, store } = renderPanel();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Radon' }));
    const legend = await screen.findByTestId('layer-legend-radon');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['low (up to 1 %)', 'moderate (1–10 %)', 'elevated (10–20 %)', 'high (over 20 %)']);
    expect(screen.getByTestId('layer-demo-radon')).toHaveTextContent('Demo data');
    expect(within(panel).getByText(/^Source: Parcel Atlas demo dataset .*, 2026$/)).toBeInTheDocument();
    expect(within(panel).getByText('Demo data without legal effect')).toBeInTheDocument();
    expect(store.getState().layers.on).toEqual(['radon']);

    await user.click(within(panel).getByRole('switch', { name: 'Radon' }));
    expect(store.getState().layers.on).toEqual([]);
    expect(screen.queryByTestId('layer-legend-radon')).toBeNull();
    await user.click(within(panel).getByRole('switch', { name: 'Radon' }));
    expect(await screen.findByTestId('layer-legend-radon')).toBeInTheDocument();
    expect(fetched).toEqual(['radon']);
  });

  it('hides and shows a legend on request', async () => {
    const { user } = renderPanel();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Floods' }));
    await screen.findByTestId('layer-legend-floods');
    await user.click(within(panel).getByRole('button', { name: /Hide legend/ }));
    expect(screen.queryByTestId('layer-legend-floods')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: /Show legend/ }));
    expect(screen.getByTestId('layer-legend-floods')).toBeInTheDocument();
  });

  it('has an opacity slider per switched-on layer', async () => {
    const { user, store } = renderPanel();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Noise sensitivity' }));
    await screen.findByTestId('layer-legend-noise');
    const slider = within(panel).getByRole('slider', { name: 'Opacity of Noise sensitivity' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(slider, { key: 'ArrowLeft', keyCode: 37, which: 37 });
    expect(store.getState().layers.opacity.noise).toBeCloseTo(0.97);
    expect(slider).toHaveAttribute('aria-valuenow', '97');
  });

  it('shows an inline error when the style cannot be fetched, and retries when switched on again', async () => {
    server.use(http.get(apiUrl('/styles/landslides.json'), () => new HttpResponse(null, { status: 503 })));
    const { user } = renderPanel();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Landslides' }));
    expect(await screen.findByTestId('layer-error-landslides')).toHaveTextContent(
      'This layer could not be loaded (HTTP 503). Switch it off and on to try again.',
    );
    server.resetHandlers();
    await user.click(within(panel).getByRole('switch', { name: 'Landslides' }));
    await user.click(within(panel).getByRole('switch', { name: 'Landslides' }));
    expect(await screen.findByTestId('layer-legend-landslides')).toBeInTheDocument();
  });

  it("names the source that cannot be reached when a layer's tiles fail, not the engine's raw error", async () => {
    const { user, store } = renderPanel();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Satellite' }));
    await within(panel).findByText(/^Source: swisstopo SWISSIMAGE 10 cm/);
    // What the map controller reports when the imagery's host is out of reach (an offline office).
    act(() => {
      store.dispatch(
        layerFailed({
          id: 'satellite',
          message:
            'AJAXError: Failed to fetch (0): https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.swissimage/…',
        }),
      );
    });
    const error = await screen.findByTestId('layer-error-satellite');
    expect(error).toHaveTextContent(
      'swisstopo SWISSIMAGE 10 cm cannot be reached, so this layer shows nothing. Check the connection, then switch the layer off and on to try again.',
    );
    expect(error).not.toHaveTextContent(/AJAXError|https:/);
  });

  it('says "Zoom in to see this layer" below the layer\'s minimum zoom', async () => {
    const { user } = renderPanel(['/'], 11);
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('switch', { name: 'Heritage' }));
    expect(await screen.findByTestId('layer-zoom-hint-heritage')).toHaveTextContent(
      'Zoom in to see this layer',
    );
    await user.click(within(panel).getByRole('switch', { name: 'Satellite' }));
    await screen.findByText(/^Source: swisstopo SWISSIMAGE 10 cm, current edition$/);
    expect(screen.queryByTestId('layer-zoom-hint-satellite')).toBeNull();
  });

  it('keeps the layers in the URL (layers=radon,floods) beside the search, so a shared link restores them', async () => {
    const { store, user } = renderPanel(['/?searchQuery=Baar&page=1&size=12&layers=floods,radon,unknown']);
    expect(store.getState().layers.on).toEqual(['radon', 'floods']);
    await waitFor(() => expect(fetched.sort()).toEqual(['floods', 'radon']));
    const panel = await openPanel(user);
    expect(within(panel).getByRole('switch', { name: 'Radon' })).toBeChecked();
    await user.click(within(panel).getByRole('switch', { name: 'Noise sensitivity' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/?searchQuery=Baar&page=1&size=12&layers=noise,radon,floods',
      ),
    );
    store.dispatch(layerSwitched({ id: 'radon', on: false }));
    store.dispatch(layerSwitched({ id: 'floods', on: false }));
    store.dispatch(layerSwitched({ id: 'noise', on: false }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?searchQuery=Baar&page=1&size=12$/),
    );
  });

  it('offers no satellite or terrain where the deployment switched their outside services off, not even from a link', async () => {
    window.__PARCEL_ATLAS_CONFIG__ = { terrainTilesUrl: null, satelliteTilesUrl: null };
    try {
      const { store, user } = renderPanel(['/?layers=terrain,satellite,radon']);
      expect(store.getState().layers.on).toEqual(['radon']);
      const panel = await openPanel(user);
      expect(within(panel).queryByRole('switch', { name: '3D terrain' })).toBeNull();
      expect(within(panel).queryByRole('switch', { name: 'Satellite' })).toBeNull();
      expect(within(panel).getAllByRole('switch')).toHaveLength(14);
      // The base group had only those two: it goes with them.
      expect(within(panel).queryByText('Base', { exact: true })).toBeNull();
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });

  it('keeps the layers on screen and in the URL when the map view is reached again without them', async () => {
    const { store, router } = renderPanel(['/?searchQuery=Baar&page=1&size=12&layers=radon']);
    expect(store.getState().layers.on).toEqual(['radon']);
    await act(() => router.navigate('/settings'));
    // The top bar's way back to the map: a plain '/'.
    await act(() => router.navigate('/'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/\?(searchQuery=Baar&page=1&size=12&layers=radon|layers=radon&searchQuery=Baar&page=1&size=12)$/,
      ),
    );
    expect(store.getState().layers.on).toEqual(['radon']);
  });

  it("states the demo dataset's source and terms in the user's language", async () => {
    renderWithProviders(<LayerPanel />, {
      preloadedState: {
        ...fixtureState('signed-in-map-user'),
        language: { chosen: 'de' },
        map: { center: [8.5, 47.17], zoom: 14, pitch: 20, bearing: -20, flyTo: null, fitTo: null },
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Ebenen/i }));
    const panel = await screen.findByRole('region', { name: 'Kartenebenen' });
    await user.click(within(panel).getByRole('switch', { name: 'Radon' }));
    await screen.findByTestId('layer-legend-radon');
    expect(
      within(panel).getByText(/^Quelle: Parcel-Atlas-Demodatensatz \(synthetisch, .*\), 2026$/),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Demodaten ohne Rechtswirkung')).toBeInTheDocument();
    expect(within(panel).queryByText(/demo dataset|without legal effect/)).toBeNull();
  });

  it('has every layer name in the four languages', () => {
    for (const language of ['en', 'de', 'fr', 'it']) {
      const messages = JSON.parse(fs.readFileSync(path.resolve('translations', `${language}.json`), 'utf8'));
      for (const id of MAP_LAYER_IDS) expect(messages[`layers.name.${id}`]).toEqual(expect.any(String));
    }
  });
});
