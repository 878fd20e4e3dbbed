import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PaymentSuccessScreen } from '../../../src/features/plans/PaymentSuccessScreen';
import { PaymentCancelledScreen } from '../../../src/features/plans/PaymentCancelledScreen';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

// Only the checkout status: any other call these screens made would fail the test.
const server = startMswServer(
  http.get(apiUrl('/v1/secure/payment/checkout-sessions/cs_test_123'), () =>
    HttpResponse.json({ status: 'complete', product: 'Standard Plan' }),
  ),
);

describe('Checkout success screen', () => {
  function renderSuccess(
    language: 'en' | 'fr' = 'en',
    url = '/payment/success/cs_test_123?product=Standard%20Plan',
  ) {
    return renderWithProviders(<PaymentSuccessScreen />, {
      initialEntries: [url],
      path: '/payment/success/:session_id',
      preloadedState: fixtureState('signed-in-map-user', { language: { chosen: language } }),
    });
  }

  it('thanks the user naming the product the server confirms', async () => {
    renderSuccess();
    expect(await screen.findByTestId('payment-thanks')).toHaveTextContent(
      'Thank you for subscribing to Standard Plan!',
    );
  });

  it('in the user’s language', async () => {
    renderSuccess('fr');
    expect(await screen.findByTestId('payment-thanks')).toHaveTextContent(
      'Merci pour votre abonnement Standard Plan !',
    );
  });

  it('does not believe the URL: an unknown or foreign checkout shows no thanks', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/payment/checkout-sessions/x'), () =>
        HttpResponse.json({ error: true, message: 'No checkout was found for this link' }, { status: 404 }),
      ),
    );
    renderSuccess('en', '/payment/success/x?product=Premium%20Plan');
    expect(await screen.findByText('We could not confirm this payment')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-thanks')).not.toBeInTheDocument();
    expect(screen.queryByText(/Premium Plan/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/plans$/);
  });

  it('shows no thanks for a checkout that was not paid', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/payment/checkout-sessions/cs_test_123'), () =>
        HttpResponse.json({ status: 'open', product: 'Standard Plan' }),
      ),
    );
    renderSuccess();
    expect(await screen.findByText('We could not confirm this payment')).toBeInTheDocument();
  });

  it('Search Map goes to the map view', async () => {
    renderSuccess();
    await userEvent.click(await screen.findByRole('button', { name: 'Search Map' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Manage your billing information posts the session id to the portal call of the payment host', async () => {
    renderSuccess();
    const form = (await screen.findByRole('button', { name: 'Manage your billing information' })).closest(
      'form',
    )!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://localhost/v1/secure/payment/create-portal-session');
    expect((form.elements.namedItem('session_id') as HTMLInputElement).value).toBe('cs_test_123');
  });
});

describe('Checkout cancelled screen', () => {
  it('says Checkout canceled and Select Plan leads to /plans', async () => {
    renderWithProviders(<PaymentCancelledScreen />, { initialEntries: ['/payment/canceled'] });
    expect(screen.getByRole('heading', { name: 'Checkout canceled' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/plans$/);
  });

  it('in German', () => {
    renderWithProviders(<PaymentCancelledScreen />, {
      initialEntries: ['/payment/canceled'],
      preloadedState: { language: { chosen: 'de' } },
    });
    expect(screen.getByRole('heading', { name: 'Bezahlvorgang abgebrochen' })).toBeInTheDocument();
  });
});
