import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ParcelComparison } from '../../../src/contract/Comparison';
import { CompareButton } from '../../../src/features/compare/CompareButton';
import { ComparisonScreen } from '../../../src/features/compare/ComparisonScreen';
import { CompareTray } from '../../../src/features/compare/CompareTray';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { LocationProbe, renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

const COMPARISON: ParcelComparison = {
  parcels: [
    { egrid: 'CH100000000001', number: '101', place: 'Baar', canton: 'ZG' },
    { egrid: 'CH100000000002', number: '102', place: 'Baar', canton: 'ZG' },
    { egrid: 'CH100000000003', number: '103', place: 'Zug', canton: 'ZG' },
  ],
  rows: [
    {
      key: 'area',
      label: 'Area',
      values: ['800.00 m²', '1,200.00 m²', '950.00 m²'],
      differs: true,
      ranks: [null, null, null],
    },
    { key: 'zone', label: 'Zone', values: ['W2', 'W2', 'W2'], differs: false, ranks: [null, null, null] },
    {
      key: 'reserve',
      label: 'Building reserve (estimate)',
      values: ['120 m²', '640 m²', '0 m²'],
      differs: true,
      ranks: [null, 'best', 'worst'],
    },
  ],
};

let requested: string[][] = [];
startMswServer(
  http.get(apiUrl('/v1/secure/compare'), ({ request }) => {
    requested.push(new URL(request.url).searchParams.getAll('egrids'));
    return HttpResponse.json(COMPARISON);
  }),
);
beforeEach(() => {
  requested = [];
});

const five = ['1', '2', '3', '4', '5'].map((n) => ({ egrid: `CH20000000000${n}`, number: n }));

describe('the comparison screen', () => {
  it('shows the shared link’s parcels in aligned columns, marks the differing rows and the best and worst cells, and fills the tray', async () => {
    const egrids = COMPARISON.parcels.map((p) => p.egrid);
    const { store } = renderWithProviders(<ComparisonScreen />, {
      preloadedState: fixtureState('signed-in-map-user'),
      initialEntries: [`/compare?egrids=${egrids.join(',')}`],
      path: '/compare',
    });
    const table = await screen.findByTestId('comparison-table');
    expect(requested).toEqual([egrids]);
    expect(within(table).getAllByTestId('comparison-parcel')).toHaveLength(3);
    const rows = table.querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.getAttribute('data-differs'))).toEqual(['true', 'false', 'true']);
    expect(rows[0]).toHaveClass('comparison-row-differs');
    expect(rows[1]).not.toHaveClass('comparison-row-differs');
    const reserve = rows[2].querySelectorAll('td');
    expect(reserve[1]).toHaveClass('comparison-cell-best');
    expect(reserve[1]).toHaveTextContent('640 m² (Best of the row)');
    expect(reserve[2]).toHaveClass('comparison-cell-worst');
    expect(reserve[0].className).toBe('');
    expect(screen.getByTestId('comparison-quota')).toHaveTextContent(
      'Opening this comparison counts as a full view of each parcel',
    );
    expect(store.getState().compare.entries.map((e) => e.egrid)).toEqual(egrids);
  });

  it('asks for two parcels when the link has fewer, without calling the server', async () => {
    renderWithProviders(<ComparisonScreen />, {
      preloadedState: fixtureState('signed-in-map-user'),
      initialEntries: ['/compare?egrids=CH100000000001'],
      path: '/compare',
    });
    expect(await screen.findByText(/Choose between 2 and 5 parcels to compare/)).toBeInTheDocument();
    expect(requested).toEqual([]);
  });
});

describe('the Compare action and the tray', () => {
  it('refuses a sixth parcel with a message and keeps the five', async () => {
    const { store } = renderWithProviders(
      <>
        <SnackbarArea />
        <CompareTray />
        <CompareButton egrid="CH300000000006" number="6" />
      </>,
      { preloadedState: fixtureState('signed-in-map-user', { compare: { entries: five } }) },
    );
    expect(screen.getByTestId('compare-open')).toHaveTextContent('Compare (5)');
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(
      await screen.findByText('You can compare at most 5 parcels. Remove one from the comparison first.'),
    ).toBeInTheDocument();
    expect(store.getState().compare.entries).toHaveLength(5);
  });

  it('adds and removes a parcel; the tray opens the comparison link', async () => {
    const { store } = renderWithProviders(
      <>
        <CompareTray />
        <CompareButton egrid="CH300000000006" number="6" withLabel />
        <LocationProbe />
      </>,
      { preloadedState: fixtureState('signed-in-map-user', { compare: { entries: five.slice(0, 1) } }) },
    );
    const toggle = screen.getByTestId('compare-toggle');
    expect(screen.getByTestId('compare-open')).toBeDisabled();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('compare-open')).toHaveTextContent('Compare (2)');
    fireEvent.click(screen.getByTestId('compare-open'));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(
      '/compare?egrids=CH200000000001,CH300000000006',
    );
    act(() => {
      fireEvent.click(toggle);
    });
    expect(store.getState().compare.entries.map((e) => e.number)).toEqual(['1']);
  });
});
