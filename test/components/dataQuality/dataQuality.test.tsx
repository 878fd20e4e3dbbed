import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DataQualitySummary } from '../../../src/contract/CadastreImport';
import { DemoDataBadge } from '../../../src/features/dataQuality/DemoDataBadge';
import { ParcelDrawer } from '../../../src/features/parcel/ParcelDrawer';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { buildingFixture, fullResponse } from '../search/searchFixtures';
import { fixtureState } from '../storeFixture';

const server = startMswServer();

function answerQuality(summary: DataQualitySummary) {
  server.use(http.get(apiUrl('/v1/secure/maps/data-quality'), () => HttpResponse.json(summary)));
}

const state = (language: 'en' | 'de' | 'fr' | 'it' = 'en') => ({
  preloadedState: fixtureState('signed-in-map-user', { language: { chosen: language } }),
});

describe('"Demo data" badge by the map attribution', () => {
  it('shows while the data is synthetic and explains it on click', async () => {
    answerQuality({ syntheticParcels: 427_863, officialParcels: 0 });
    renderWithProviders(<DemoDataBadge />, state());
    await userEvent.click(await screen.findByRole('button', { name: 'Demo data: what does this mean?' }));
    const explanation = await screen.findByTestId('demo-data-explanation');
    expect(explanation).toHaveTextContent('are synthetic demo data');
    expect(explanation).not.toHaveTextContent('official cadastral survey;');
    expect(screen.getByText('About the data shown')).toBeInTheDocument();
  });

  it('counts the imported parcels when part of the data is official', async () => {
    answerQuality({ syntheticParcels: 1000, officialParcels: 1 });
    renderWithProviders(<DemoDataBadge />, state());
    await userEvent.click(await screen.findByTestId('demo-data-badge'));
    expect(await screen.findByTestId('demo-data-explanation')).toHaveTextContent(
      '1 parcel of 1,001 comes from the official cadastral survey',
    );
  });

  it('is gone when every parcel is official', async () => {
    answerQuality({ syntheticParcels: 0, officialParcels: 12 });
    const { store } = renderWithProviders(<DemoDataBadge />, state());
    await waitForDataQuality(store);
    expect(screen.queryByTestId('demo-data-badge')).not.toBeInTheDocument();
  });

  it.each([
    ['de', 'Demodaten'],
    ['fr', 'Données de démo'],
    ['it', 'Dati demo'],
  ] as const)('reads %s', async (language, text) => {
    answerQuality({ syntheticParcels: 5, officialParcels: 0 });
    renderWithProviders(<DemoDataBadge />, state(language));
    expect(await screen.findByTestId('demo-data-badge')).toHaveTextContent(text);
  });
});

/** Waits until the data-quality query has settled (the badge renders nothing either way before). */
async function waitForDataQuality(store: {
  getState: () => { mainApi: { queries: Record<string, { status: string } | undefined> } };
  subscribe: (listener: () => void) => () => void;
}) {
  // On the store's own change events, not a clock.
  await new Promise<void>((resolve) => {
    const settled = () =>
      Object.values(store.getState().mainApi.queries).some((q) => q?.status === 'fulfilled');
    if (settled()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

describe('the parcel drawer marks where facts come from', () => {
  function openDrawer(detail: ReturnType<typeof fullResponse>) {
    server.use(http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () => HttpResponse.json(detail)));
    renderWithProviders(<ParcelDrawer />, {
      preloadedState: {
        ...state().preloadedState,
        parcel: { selectedParcelId: 'CH123456789012', detailOpen: true },
      },
    });
  }

  it('labels an imported parcel’s register facts official and its thematic facts demo data', async () => {
    openDrawer(fullResponse({ PRC_NO: '101', PRC_SRC: 'official' }, []));
    const drawer = await screen.findByTestId('parcel-drawer');
    const basic = (await within(drawer).findByText('Basic data')).closest(
      '.ant-collapse-header',
    ) as HTMLElement;
    expect(within(basic).getByText('Official')).toBeInTheDocument();
    const zoning = within(drawer).getByText('Zoning').closest('.ant-collapse-header') as HTMLElement;
    expect(within(zoning).getByText('Demo data')).toBeInTheDocument();
  });

  it('labels a demo parcel and its demo buildings as demo data', async () => {
    openDrawer(fullResponse({ PRC_NO: '7' }, [buildingFixture({ OBJ_ID: 'b1' })]));
    const drawer = await screen.findByTestId('parcel-drawer');
    await within(drawer).findByText('Basic data');
    expect(within(drawer).queryByText('Official')).not.toBeInTheDocument();
    const buildings = within(drawer)
      .getByText('Buildings (1)')
      .closest('.ant-collapse-header') as HTMLElement;
    expect(within(buildings).getByTestId('data-origin-synthetic')).toBeInTheDocument();
  });
});
