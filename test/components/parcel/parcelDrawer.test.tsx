import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ParcelFullResponse } from '../../../src/contract/Parcel';
import { ParcelDrawer } from '../../../src/features/parcel/ParcelDrawer';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { buildingFixture, fullResponse } from '../search/searchFixtures';

const server = startMswServer();

function answerDetail(body: ParcelFullResponse | Record<string, unknown>, status = 200) {
  server.use(
    http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () => HttpResponse.json(body, { status })),
  );
}

function renderDrawer(language: 'en' | 'de' = 'en') {
  return renderWithProviders(<ParcelDrawer />, {
    preloadedState: {
      session: sessionFixture(),
      language: { chosen: language },
      parcel: { selectedParcelId: 'CH123456789012', detailOpen: true },
    },
  });
}

const DETAIL = fullResponse(
  {
    PRC_NO: '1234',
    PRC_SUR: 812,
    STREET_ADDRESSES: ['Baarerstrasse 12', 'Baarerstrasse 14'],
    ALPHA_PRIS: ['W2', 'WG3'],
    ALPHA_SECS: ['64'],
    OVL_NOI: 'ES II',
    OVL_NSL: '25 m',
    GRN_RAD: 14,
    GRN_SOI: 'unstable ground',
    GRN_TRM: 'EWS-AUF',
    GRN_GWU: 'S2',
    GRN_CON: 'business site: investigation needed',
    HAZ_WAT: 'blue',
    HAZ_SLI: 'yellow-white',
    PRO_BUN: 'none',
    PRO_BUC: 'cantonal B object',
    ENV_FOR: 'no',
    EVN_TRA: 'within 300 m',
    FIXPOINTS: [
      { FIX_NAM: 'Baar-Nord - Lagefixpunkt LFP3', FIX_DTP: 42.5, FIX_COO_X: 2681000, FIX_COO_Y: 1224500 },
    ],
  },
  [
    buildingFixture({ OBJ_ID: 'b1', OBJ_TYP: 'building', OBJ_PRO: 'none' }),
    buildingFixture({
      OBJ_ID: 'b2',
      OBJ_TYP: 'monument',
      OBJ_PRO: 'cantonal',
      OBJ_JOB: 1890,
      OBJ_POB: 'before 1919',
    }),
  ],
);

describe('parcel detail drawer (spec §2, §3)', () => {
  it('shows every section with its values formatted per spec §9', async () => {
    answerDetail(DETAIL);
    renderDrawer();
    const drawer = await screen.findByTestId('parcel-drawer');
    expect(
      await within(drawer).findByText('Parcel 1234', { selector: '.ant-drawer-title' }),
    ).toBeInTheDocument();
    for (const section of [
      'Basic data',
      'Zoning',
      'Ground',
      'Natural hazards',
      'Heritage',
      'Environment and infrastructure',
      'Fixed points',
      'Buildings (2)',
    ]) {
      expect(within(drawer).getByText(section)).toBeInTheDocument();
    }
    expect(within(drawer).getByText('812.00 m²')).toBeInTheDocument();
    expect(within(drawer).getByText('Baarerstrasse 12, Baarerstrasse 14')).toBeInTheDocument();
    expect(within(drawer).getByText('Residential zone (W2), Mixed zone (WG3)')).toBeInTheDocument();
    expect(within(drawer).getByText('Special use plan (64)')).toBeInTheDocument();
    expect(within(drawer).getByText('Freehold')).toBeInTheDocument();
    // The canton's register opens at the parcel (its EGRID), not at the portal's home page.
    expect(within(drawer).getByRole('link', { name: 'ZG' })).toHaveAttribute(
      'href',
      'https://oereb.zg.ch?egrid=CH123456789012',
    );
    expect(within(drawer).getByText('moderate hazard (blue)')).toBeInTheDocument();
    expect(within(drawer).getByText('geothermal probes permitted with conditions')).toBeInTheDocument();
    // Codes the catalogue does not know are shown as they are.
    expect(within(drawer).getByText('cantonal B object')).toBeInTheDocument();
    expect(within(drawer).getByText('within 300 m')).toBeInTheDocument();
  });

  it('shows the building-reserve estimate with its inputs: zone figure, area × figure, floor area built', async () => {
    answerDetail(
      fullResponse({ PRC_SUR: 1000, ALPHA_PRIS: ['W3'], CANTON: 'ZG' }, [
        buildingFixture({ OBJ_ID: 'b1', OBJ_SUR: 100, OBJ_FLO: 2 }),
      ]),
    );
    renderDrawer();
    const facts = await screen.findByTestId('reserve-facts');
    expect(within(facts).getByText('0.65 (W3, cantonal zone figure)')).toBeInTheDocument();
    expect(within(facts).getByText('1,000.00 m² × 0.65 = 650.00 m²')).toBeInTheDocument();
    expect(within(facts).getByText('200.00 m²')).toBeInTheDocument();
    expect(within(facts).getByTestId('reserve-value')).toHaveTextContent('450.00 m²');
    expect(screen.getByText('Building reserve (estimate)')).toBeInTheDocument();
  });

  it('says a parcel outside building zones has no building reserve', async () => {
    answerDetail(fullResponse({ ALPHA_PRIS: ['LW'], BRAVO_PRIS: ['21'] }, []));
    renderDrawer();
    expect(await screen.findByTestId('reserve-none')).toHaveTextContent('Outside building zones');
  });

  it('warns about radon above 10 % but not at 10 %', async () => {
    answerDetail(DETAIL);
    const first = renderDrawer();
    expect(await screen.findByTestId('radon-warning')).toHaveTextContent('Radon: 14 % probability');
    first.unmount();
    answerDetail(fullResponse({ GRN_RAD: 10 }));
    renderDrawer();
    await screen.findByText('10 %');
    expect(screen.queryByTestId('radon-warning')).not.toBeInTheDocument();
  });

  it("shows a surveyed parcel's LV95 centre to the millimetre, as the server computed it in the grid", async () => {
    answerDetail(fullResponse({ PRC_SRC: 'official', PRC_COO_X: 2682715.119, PRC_COO_Y: 1227715.386 }));
    const first = renderDrawer();
    expect(await screen.findByTestId('parcel-lv95')).toHaveTextContent("E 2'682'715.119N 1'227'715.386");
    first.unmount();
    answerDetail(fullResponse({ PRC_SRC: 'synthetic', PRC_COO_X: 2682715.1, PRC_COO_Y: 1227715.4 }));
    renderDrawer();
    expect(await screen.findByTestId('parcel-lv95')).toHaveTextContent("E 2'682'715.10N 1'227'715.40");
  });

  it('splits fixed points into name and type at the hyphen, with the distance', async () => {
    answerDetail(DETAIL);
    renderDrawer();
    const row = (await screen.findByText('Baar-Nord')).closest('tr') as HTMLElement;
    expect(within(row).getByText('planimetric fixed point, category 3 (LFP3)')).toBeInTheDocument();
    expect(within(row).getByText('42.50 m')).toBeInTheDocument();
  });

  it('lists the buildings with their register data and a protected marker where OBJ_PRO is not none', async () => {
    answerDetail(DETAIL);
    renderDrawer();
    const buildings = await screen.findAllByTestId('building');
    expect(buildings).toHaveLength(2);
    expect(within(buildings[0]).getByText('Building')).toBeInTheDocument();
    expect(within(buildings[0]).queryByTestId('protected-marker')).not.toBeInTheDocument();
    expect(within(buildings[0]).getByText('142.00 m²')).toBeInTheDocument();
    expect(within(buildings[0]).getByText('1,310.00 m³')).toBeInTheDocument();
    expect(within(buildings[0]).getByText('1961–1970')).toBeInTheDocument();
    expect(within(buildings[1]).getByText('Monument')).toBeInTheDocument();
    expect(within(buildings[1]).getByTestId('protected-marker')).toHaveTextContent('Protected (cantonal)');
    expect(within(buildings[1]).getByText('1890')).toBeInTheDocument();
  });

  it('translates every label (German)', async () => {
    answerDetail(DETAIL);
    renderDrawer('de');
    const drawer = await screen.findByTestId('parcel-drawer');
    expect(
      await within(drawer).findByText('Parzelle 1234', { selector: '.ant-drawer-title' }),
    ).toBeInTheDocument();
    for (const text of [
      'Grunddaten',
      'Naturgefahren',
      'Gebäude (2)',
      'Fläche',
      'Hochwasser',
      'Denkmal',
      'Baujahr',
    ]) {
      expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('shows the coded values in German through the vocabulary, not the English raw values', async () => {
    answerDetail(DETAIL);
    renderDrawer('de');
    const drawer = await screen.findByTestId('parcel-drawer');
    await within(drawer).findByText('Parzelle 1234', { selector: '.ant-drawer-title' });
    for (const text of [
      'keine',
      'nein',
      'mittlere Gefährdung (blau)',
      'Restgefährdung (gelb-weiss)',
      'Erdwärmesonden zulässig mit Auflagen',
      'instabiler Baugrund',
      'Grundwasserschutzzone S2',
      'Betriebsstandort: untersuchungsbedürftig',
      'Empfindlichkeitsstufe II (Wohnen)',
      'Sondernutzungsplan (64)',
      'Wohnzone (W2), Mischzone (WG3)',
      '25 m',
      'Lagefixpunkt LFP3',
      'vor 1919',
    ]) {
      expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(drawer).getByTestId('protected-marker')).toHaveTextContent('Geschützt (kantonal)');
    for (const raw of [
      'none',
      'no',
      'blue',
      'EWS-AUF',
      'unstable ground',
      'S2',
      '64',
      'ES II',
      'before 1919',
    ]) {
      expect(within(drawer).queryByText(raw)).not.toBeInTheDocument();
    }
  });

  it('closes with its button and clears the selection', async () => {
    answerDetail(DETAIL);
    const { store } = renderDrawer();
    await screen.findByText('Parcel 1234', { selector: '.ant-drawer-title' });
    // By its label, not by role: a role query walks the accessibility tree of the whole drawer, and userEvent's
    // pointer-events walk reads every ancestor's computed style; both took over 30 s with both cores busy.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const close = screen.getByLabelText('Close parcel details');
    expect(close.tagName).toBe('BUTTON');
    await user.click(close);
    expect(store.getState().parcel.detailOpen).toBe(false);
    expect(store.getState().parcel.selectedParcelId).toBeNull();
  });

  it("reports a full-detail failure with the server's message and the plan hint", async () => {
    answerDetail(
      { error: true, errorCode: 'LIMIT_REACHED_FULL_VIEW', errorMessage: 'Full view limit reached.' },
      402,
    );
    const { store } = renderDrawer();
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)).toMatchObject({
        kind: 'error',
        message: { id: 'parcel.detail.failed', values: { message: 'Full view limit reached.' } },
      }),
    );
  });

  it("says 'No results found' when a failed detail has no message (also for a 200 with error: true)", async () => {
    answerDetail({ error: true });
    const { store } = renderDrawer();
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)).toMatchObject({
        kind: 'error',
        message: { id: 'search.noResults' },
      }),
    );
  });
});
