import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentSuccessScreen } from '../../../src/features/plans/PaymentSuccessScreen';
import { PaymentCancelledScreen } from '../../../src/features/plans/PaymentCancelledScreen';
import { startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';

// No handlers: any call these screens made would fail the test.
startMswServer();

describe('Checkout success screen', () => {
  function renderSuccess(language: 'en' | 'fr' = 'en') {
    return renderWithProviders(<PaymentSuccessScreen />, {
      initialEntries: ['/payment/success/cs_test_123?product=Standard%20Plan'],
      path: '/payment/success/:session_id',
      preloadedState: { language: { chosen: language } },
    });
  }

  it('thanks the user naming the product', () => {
    renderSuccess();
    expect(screen.getByTestId('payment-thanks')).toHaveTextContent(
      'Thank you for subscribing to Standard Plan!',
    );
  });

  it('in the user’s language', () => {
    renderSuccess('fr');
    expect(screen.getByTestId('payment-thanks')).toHaveTextContent(
      'Merci pour votre abonnement Standard Plan !',
    );
  });

  it('Search Map goes to the map view', async () => {
    renderSuccess();
    await userEvent.click(screen.getByRole('button', { name: 'Search Map' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Manage your billing information posts the session id to the portal call of the payment host', () => {
    renderSuccess();
    const form = screen.getByRole('button', { name: 'Manage your billing information' }).closest('form')!;
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
