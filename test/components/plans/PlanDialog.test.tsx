import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { PlanDialog } from '../../../src/features/plans/PlanDialog';
import { selectPlanProductName } from '../../../src/features/plans/planEndpoints';
import type { SubscriptionResponse } from '../../../src/contract/Subscription';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { LOGGED_IN, subscription } from './planFixtures';

let answer: SubscriptionResponse = { subscription: subscription() };
let calls = 0;
const server = startMswServer(
  http.get(apiUrl('/v1/secure/subscriptions'), ({ request }) => {
    calls += 1;
    expect(request.headers.get('authorization')).toBe('Bearer main-token');
    return HttpResponse.json(answer);
  }),
);

beforeEach(() => {
  answer = { subscription: subscription() };
  calls = 0;
});

/** The dialog as the map layout hosts it: always mounted, opened by the Plan button. */
function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open plan
      </button>
      <PlanDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderHost(language: 'en' | 'de' = 'en') {
  return renderWithProviders(<Host />, {
    preloadedState: { session: LOGGED_IN, language: { chosen: language } },
  });
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'open plan' }));
  return screen.findByRole('dialog');
}

describe('Plan dialog', () => {
  it('shows product, status, renewal date, limits and usage with keys as spaced capitals', async () => {
    renderHost();
    const dialog = await openDialog();
    expect(await within(dialog).findByTestId('plan-product')).toHaveTextContent('Standard Plan');
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(within(dialog).getByTestId('plan-renewal')).toHaveTextContent(/December 24, 2026/);
    expect(within(dialog).getByText('MAX ADVANCE SEARCH')).toBeInTheDocument();
    expect(within(dialog).getByText('MAX FULL VIEW')).toBeInTheDocument();
    expect(within(dialog).getByText('MAX REPORT DOWNLOAD')).toBeInTheDocument();
    expect(within(dialog).getByText('ADVANCE SEARCH')).toBeInTheDocument();
    expect(within(dialog).getByTestId('limit-max_advance_search')).toHaveTextContent(/^350$/);
    expect(within(dialog).getByTestId('usage-advance_search')).toHaveTextContent('12');
    expect(within(dialog).queryByText(/LIMIT REACHED/)).not.toBeInTheDocument();
  });

  it("shows 'LIMIT REACHED' in red where usage has reached a limit, and only there", async () => {
    answer = {
      subscription: subscription({ usage: { advance_search: 350, full_view: 3, report_download: 0 } }),
    };
    renderHost();
    const dialog = await openDialog();
    const reached = await within(dialog).findByTestId('limit-max_advance_search');
    expect(reached).toHaveTextContent('350 LIMIT REACHED');
    expect(reached).toHaveStyle({ color: '#f44336' });
    expect(within(dialog).getByTestId('limit-max_full_view')).not.toHaveTextContent('LIMIT REACHED');
    expect(within(dialog).getByTestId('limit-max_full_view')).not.toHaveStyle({ color: '#f44336' });
  });

  it('says no plan details are available without a plan', async () => {
    answer = { subscription: null };
    renderHost();
    const dialog = await openDialog();
    expect(await within(dialog).findByText('No plan details are available.')).toBeInTheDocument();
    expect(within(dialog).queryByText('MAX FULL VIEW')).not.toBeInTheDocument();
  });

  it('loads the subscription at start (the Plan button reads its product) and again each time it opens', async () => {
    const { store } = renderHost();
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(selectPlanProductName(store.getState())).toBe('Standard Plan'));
    await openDialog();
    await waitFor(() => expect(calls).toBe(2));
    // The footer's Close (antd's corner × is also labelled "Close").
    await userEvent.click(screen.getByText('Close').closest('button')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    answer = {
      subscription: subscription({ plan: { product: 'Premium Plan', limits: { max_full_view: 750 } } }),
    };
    const dialog = await openDialog();
    await waitFor(() => expect(calls).toBe(3));
    expect(await within(dialog).findByText('Premium Plan')).toBeInTheDocument();
  });

  it('shows the renewal date as a long date-time in the user’s language', async () => {
    renderHost('de');
    const dialog = await openDialog();
    expect(await within(dialog).findByTestId('plan-renewal')).toHaveTextContent(/24\. Dezember 2026/);
    expect(within(dialog).getByText('Verlängerungsdatum')).toBeInTheDocument();
  });

  it('translates the limit and usage keys, and states how advanced searches are counted', async () => {
    renderHost('de');
    const dialog = await openDialog();
    expect(await within(dialog).findByText('MAX. ERWEITERTE SUCHEN')).toBeInTheDocument();
    expect(within(dialog).getByText('MAX. VOLLANSICHTEN')).toBeInTheDocument();
    expect(within(dialog).getByText('ERWEITERTE SUCHEN')).toBeInTheDocument();
    expect(within(dialog).queryByText('MAX ADVANCE SEARCH')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('plan-fair-use')).toHaveTextContent(
      'Eine erweiterte Suche zählt pro Abrechnungszeitraum einmal je unterschiedlicher Filterkombination',
    );
    // Full views are counted like report downloads: once per parcel and period.
    expect(within(dialog).getByTestId('plan-per-parcel')).toHaveTextContent(
      'Eine Vollansicht und ein Berichts-Download zählen pro Abrechnungszeitraum einmal je Parzelle',
    );
  });

  it('Upgrade closes the dialog and leads to the plans', async () => {
    renderHost();
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/plans');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('treats a failed load as no plan details', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json({ error: true }, { status: 500 })),
    );
    renderHost();
    const dialog = await openDialog();
    expect(await within(dialog).findByText('No plan details are available.')).toBeInTheDocument();
  });
});
