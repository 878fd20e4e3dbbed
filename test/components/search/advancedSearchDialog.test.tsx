import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MapViewScreen } from '../../../src/features/mapView/MapViewScreen';
import {
  draftChanged,
  draftCantonChosen,
  draftMunicipalitiesChosen,
} from '../../../src/features/search/searchSlice';
import { TYPING_DEBOUNCE_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { searchResponse } from './searchFixtures';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

const lookups: URL[] = [];
const searches: URL[] = [];

function recorder(list: URL[], body: unknown) {
  return ({ request }: { request: Request }) => {
    list.push(new URL(request.url));
    return HttpResponse.json(body as Record<string, unknown>);
  };
}

startMswServer(
  http.get(
    apiUrl('/v1/secure/cantons/find'),
    recorder(lookups, {
      data: [
        { _id: 'ZG', code: 'ZG', urlOREB: '' },
        { _id: 'LU', code: 'LU', urlOREB: '' },
      ],
      error: false,
    }),
  ),
  http.get(
    apiUrl('/v1/secure/location-names/'),
    recorder(lookups, [
      { code: 'Zug', canton: 'ZG' },
      { code: 'Baar', canton: 'ZG' },
    ]),
  ),
  http.get(
    apiUrl('/v1/secure/streets/'),
    recorder(lookups, [{ _id: 's1', code: 'Baarerstrasse', canton: 'ZG', locname: 'Zug' }]),
  ),
  http.get(
    apiUrl('/v1/secure/thermals/find'),
    recorder(lookups, {
      data: [{ code: 'allowed', canton: 'ZG', lang: { en: 'Allowed', de: 'Zulässig' } }],
      error: false,
    }),
  ),
  http.get(
    apiUrl('/v1/secure/alphas/'),
    recorder(lookups, [{ code: 'W2', canton: 'ZG', varname: 'ALPHA_PRI', lang: { en: 'Residential W2' } }]),
  ),
  http.get(apiUrl('/v1/secure/maps/advance-search'), recorder(searches, searchResponse(4))),
  http.get(apiUrl('/v1/secure/maps/search'), recorder(searches, searchResponse(4))),
);

// A modal with six antd selects renders slowly in jsdom on the shared 2-core machine.
jest.setTimeout(60000);

function footerButton(name: string): HTMLElement {
  return within(document.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name });
}

beforeEach(() => {
  lookups.length = 0;
  searches.length = 0;
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

async function openDialog() {
  const user = userEvent.setup({
    advanceTimers: jest.advanceTimersByTime,
    // No pointer-events walk over the map screen's antd tree (see mapViewSearch.test.tsx).
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });
  const view = renderWithProviders(<MapViewScreen />, { preloadedState: { session: sessionFixture() } });
  await user.click(screen.getByRole('button', { name: 'Advanced search' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, ...view };
}

function lookupCalls(path: string) {
  return lookups.filter((url) => url.pathname === path);
}

describe("advanced search dialog 'Search for Parcels' (spec §2, §4, §5)", () => {
  it('shows every field in the spec order with Search and Clear', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('Search for Parcels')).toBeInTheDocument();
    const labels = Array.from(
      dialog.querySelectorAll('.ant-form-item-label label, .ant-checkbox-wrapper'),
    ).map((label) => label.textContent);
    expect(labels).toEqual([
      'Search text',
      'Canton',
      'Municipality',
      'Street',
      'Thermal',
      'Alpha primary',
      'Alpha secondary',
      'Parcel number',
      'Parcel ID',
      'Parcel size from (m²)',
      'Parcel size to (m²)',
      'Building reserve from (m²)',
      'Building reserve to (m²)',
      'Utilisation figure from',
      'Utilisation figure to',
      'Objects',
      'Radon content',
      'Protected building (national)',
      'Include roads',
      'Property type',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'All' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'With objects' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Without objects' })).toBeInTheDocument();
    expect(dialog.querySelectorAll('input[type=hidden][name^=FREEWAY]')).toHaveLength(2);
    expect(footerButton('Search')).toBeInTheDocument();
    expect(footerButton('Clear')).toBeInTheDocument();
  });

  it('keeps municipality, street, thermal and alpha disabled until a canton is chosen', async () => {
    const { dialog, store } = await openDialog();
    for (const name of ['Municipality', 'Street', 'Thermal', 'Alpha primary', 'Alpha secondary']) {
      const field = within(dialog).getByRole('combobox', { name });
      expect(field).toBeDisabled();
    }
    expect(within(dialog).getAllByText('Please select Canton to enable this field')).toHaveLength(5);
    expect(within(dialog).getByText('- type to find -')).toBeInTheDocument();
    act(() => {
      store.dispatch(draftCantonChosen('ZG'));
    });
    for (const name of ['Municipality', 'Street', 'Thermal', 'Alpha primary', 'Alpha secondary']) {
      expect(within(dialog).getByRole('combobox', { name })).toBeEnabled();
    }
    await waitFor(() => expect(lookupCalls('/v1/secure/location-names/')).toHaveLength(1));
    const [locnames] = lookupCalls('/v1/secure/location-names/');
    expect(Object.fromEntries(locnames.searchParams)).toEqual({
      q: '',
      canton: 'ZG',
      fields: 'code,canton',
      limit: '25',
    });
    await waitFor(() => expect(lookupCalls('/v1/secure/streets/')).toHaveLength(1));
    expect(lookupCalls('/v1/secure/streets/')[0].searchParams.get('limit')).toBe('250');
    expect(lookupCalls('/v1/secure/thermals/find')[0].searchParams.get('limit')).toBe('25');
    expect(
      lookupCalls('/v1/secure/alphas/')
        .map((url) => url.searchParams.get('varname'))
        .sort(),
    ).toEqual(['ALPHA_PRI', 'ALPHA_SEC']);
  });

  it('asks the canton lookup (limit 100) and sends typed text only after 450 ms', async () => {
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(lookupCalls('/v1/secure/cantons/find')).toHaveLength(1));
    expect(Object.fromEntries(lookupCalls('/v1/secure/cantons/find')[0].searchParams)).toEqual({
      q: '',
      fields: 'code',
      limit: '100',
    });
    await user.type(within(dialog).getByRole('combobox', { name: 'Canton' }), 'Z');
    await act(async () => {
      jest.advanceTimersByTime(TYPING_DEBOUNCE_MS - 50);
    });
    expect(lookupCalls('/v1/secure/cantons/find')).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(50);
    });
    await waitFor(() => expect(lookupCalls('/v1/secure/cantons/find')).toHaveLength(2));
    expect(lookupCalls('/v1/secure/cantons/find')[1].searchParams.get('q')).toBe('Z');
  });

  it('choosing a canton clears municipality and street; changing the municipality clears the street', async () => {
    const { store } = await openDialog();
    act(() => {
      store.dispatch(draftCantonChosen('ZG'));
      store.dispatch(draftMunicipalitiesChosen(['Zug']));
      store.dispatch(draftChanged({ STREET: ['Baarerstrasse'] }));
    });
    act(() => {
      store.dispatch(draftMunicipalitiesChosen(['Zug', 'Baar']));
    });
    expect(store.getState().search.draft.STREET).toEqual([]);
    act(() => {
      store.dispatch(draftChanged({ STREET: ['Baarerstrasse'] }));
      store.dispatch(draftCantonChosen('LU'));
    });
    expect(store.getState().search.draft).toMatchObject({ CANTON: 'LU', LOCNAME: [], STREET: [] });
  });

  it('picks a canton from the type-to-find list and reloads the dependent lists for it', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Canton' }));
    await user.click(await screen.findByTitle('LU'));
    await waitFor(() => expect(lookupCalls('/v1/secure/location-names/')).toHaveLength(1));
    expect(lookupCalls('/v1/secure/location-names/')[0].searchParams.get('canton')).toBe('LU');
  });

  it('validates the parcel-size inputs as numbers of at least 0', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Parcel size from (m²)'), 'abc');
    expect(within(dialog).getByText('Number only')).toBeInTheDocument();
    expect(footerButton('Search')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Parcel size from (m²)'));
    await user.type(within(dialog).getByLabelText('Parcel size to (m²)'), '-5');
    expect(within(dialog).getByText('Leave empty or must be at least 0')).toBeInTheDocument();
  });

  it('searches by canton, municipality and size range through advance-search', async () => {
    const { user, dialog, store } = await openDialog();
    act(() => {
      store.dispatch(draftCantonChosen('ZG'));
      store.dispatch(draftMunicipalitiesChosen(['Zug', 'Baar']));
    });
    await user.type(within(dialog).getByLabelText('Parcel size from (m²)'), '500');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Radon content' }));
    await user.click(footerButton('Search'));
    await act(async () => {
      jest.advanceTimersByTime(TYPING_DEBOUNCE_MS);
    });
    await screen.findByText('Found 4 results');
    const [request] = searches;
    expect(request.pathname).toBe('/v1/secure/maps/advance-search');
    expect(request.searchParams.get('a')).toBe('1');
    expect(request.searchParams.get('CANTON')).toBe('ZG');
    expect(request.searchParams.getAll('LOCNAME')).toEqual(['Zug', 'Baar']);
    expect(request.searchParams.get('PRC_SUR_from')).toBe('500');
    expect(request.searchParams.get('PRC_SUR_to')).toBe('99999999999');
    expect(request.searchParams.get('GRN_RAD_from')).toBe('0');
    expect(request.searchParams.get('GRN_RAD_to')).toBe('9');
    expect(request.searchParams.get('PRC_IND')).toBe('Standard');
    expect(screen.getByTestId('chip-LOCNAME')).toHaveTextContent('Municipality: Zug, Baar');
  });

  it('Clear empties every field', async () => {
    const { user, store } = await openDialog();
    act(() => {
      store.dispatch(draftCantonChosen('ZG'));
      store.dispatch(draftChanged({ PRC_NO: '12', GRN_RAD: true }));
    });
    await user.click(footerButton('Clear'));
    expect(store.getState().search.draft.CANTON).toBeUndefined();
    expect(store.getState().search.draft).toMatchObject({ PRC_NO: '', GRN_RAD: false, LOCNAME: [] });
  });

  it('shows the quick-search text as a chip and in the dialog, where it can be cleared', async () => {
    const user = userEvent.setup({
      advanceTimers: jest.advanceTimersByTime,
      // No pointer-events walk over the map screen's antd tree (see mapViewSearch.test.tsx).
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { store } = renderWithProviders(<MapViewScreen />, {
      preloadedState: { session: sessionFixture() },
    });
    // fireEvent, not typing key by key: this dialog is slow enough in jsdom on a loaded machine.
    const quick = screen.getByRole('searchbox', { name: 'Quick search' });
    fireEvent.change(quick, { target: { value: 'Zug' } });
    fireEvent.keyDown(quick, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await act(async () => {
      jest.advanceTimersByTime(TYPING_DEBOUNCE_MS);
    });
    await screen.findByText('Found 4 results');
    expect(screen.getByTestId('chip-searchQuery')).toHaveTextContent('Search text: Zug');

    await user.click(screen.getByRole('button', { name: 'Advanced search' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('Search text');
    expect(text).toHaveValue('Zug');
    expect(
      within(dialog).getByText(
        'The search also looks for this text. Clear it to search by the filters alone.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(text, { target: { value: '' } });
    act(() => {
      store.dispatch(draftCantonChosen('GE'));
    });
    await user.click(footerButton('Search'));
    await act(async () => {
      jest.advanceTimersByTime(TYPING_DEBOUNCE_MS);
    });
    await waitFor(() => expect(searches).toHaveLength(2));
    const request = searches[1];
    expect(request.searchParams.get('CANTON')).toBe('GE');
    expect(request.searchParams.has('searchQuery')).toBe(false);
    expect(screen.queryByTestId('chip-searchQuery')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Quick search' })).toHaveValue('');
  });
});
