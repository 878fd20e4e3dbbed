import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PlansScreen } from '../../../src/features/plans/PlansScreen';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { PLANS } from './planFixtures';

const server = startMswServer(http.get(apiUrl('/api/plans'), () => HttpResponse.json(PLANS)));

describe('Plans screen', () => {
  it('lists each plan with its price in CHF with 2 decimals and its limits', async () => {
    renderWithProviders(<PlansScreen />, { initialEntries: ['/plans'] });
    const standard = await screen.findByTestId('plan-standard');
    expect(within(standard).getByText('Standard Plan')).toBeInTheDocument();
    expect(within(standard).getByText('CHF 59.90')).toBeInTheDocument();
    expect(within(standard).getByText('350 advanced searches')).toBeInTheDocument();
    expect(within(standard).getByText('350 full views')).toBeInTheDocument();
    expect(within(standard).getByText('50 report downloads')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-basic')).getByText('CHF 29.90')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-premium')).getByText('CHF 119.90')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Select Plan' })).toHaveLength(3);
  });

  it('Select Plan opens that plan’s checkout', async () => {
    renderWithProviders(<PlansScreen />, { initialEntries: ['/plans'] });
    const standard = await screen.findByTestId('plan-standard');
    await userEvent.click(within(standard).getByRole('button', { name: 'Select Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/standard');
  });

  it('speaks the user’s language', async () => {
    renderWithProviders(<PlansScreen />, {
      initialEntries: ['/plans'],
      preloadedState: { language: { chosen: 'de' } },
    });
    const basic = await screen.findByTestId('plan-basic');
    expect(within(basic).getByText('150 erweiterte Suchen')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Abonnement wählen' })).toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded', async () => {
    server.use(http.get(apiUrl('/api/plans'), () => HttpResponse.error()));
    renderWithProviders(<PlansScreen />, { initialEntries: ['/plans'] });
    expect(
      await screen.findByText(
        'The plans could not be loaded. Please check your internet connection and try again',
      ),
    ).toBeInTheDocument();
  });
});
