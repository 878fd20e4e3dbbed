import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CheckoutScreen } from '../../../src/features/plans/CheckoutScreen';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { LOGGED_IN, PLANS, subscription } from './planFixtures';

// Authorising opens the notification socket, which is not what this screen's tests are about.
jest.mock('../../../src/features/realtime/socketConnection', () => ({
  openSocket: jest.fn(),
  closeSocket: jest.fn(),
}));

const server = startMswServer(http.get(apiUrl('/api/plans'), () => HttpResponse.json(PLANS)));

function hiddenValue(form: HTMLFormElement, name: string): string | undefined {
  return (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
}

describe('Checkout screen', () => {
  it('shows the plan summary and posts a real form to the payment host with email, lookup_key, amount and token', async () => {
    renderWithProviders(<CheckoutScreen />, {
      initialEntries: ['/checkout/standard'],
      path: '/checkout/:planId',
      preloadedState: { session: LOGGED_IN },
    });
    expect(await screen.findByTestId('checkout-plan')).toHaveTextContent('Standard Plan');
    expect(screen.getByText('CHF 59.90')).toBeInTheDocument();
    expect(screen.getByText('350 advanced searches')).toBeInTheDocument();
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeEnabled();
    const form = checkout.closest('form')!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://localhost/v1/secure/payment/create-checkout-session');
    expect(hiddenValue(form, 'email')).toBe('anna@example.ch');
    expect(hiddenValue(form, 'lookup_key')).toBe('standard_monthly');
    expect(hiddenValue(form, 'amount')).toBe('59.90');
    expect(hiddenValue(form, 'token')).toBe('main-token');
  });

  it('posts to the payment host named in the runtime config', async () => {
    window.__PARCEL_ATLAS_CONFIG__ = { paymentUrl: 'https://pay.example.ch' };
    try {
      renderWithProviders(<CheckoutScreen />, {
        initialEntries: ['/checkout/basic'],
        path: '/checkout/:planId',
        preloadedState: { session: LOGGED_IN },
      });
      const checkout = await screen.findByRole('button', { name: 'Checkout' });
      expect(checkout.closest('form')!.action).toBe(
        'https://pay.example.ch/v1/secure/payment/create-checkout-session',
      );
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });

  it('Change Plan returns to the plans', async () => {
    renderWithProviders(<CheckoutScreen />, {
      initialEntries: ['/checkout/premium'],
      path: '/checkout/:planId',
      preloadedState: { session: LOGGED_IN },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/plans$/);
  });

  it('sends an unknown plan back to the map view', async () => {
    renderWithProviders(<CheckoutScreen />, {
      initialEntries: ['/checkout/gold'],
      path: '/checkout/:planId',
      preloadedState: { session: LOGGED_IN },
    });
    await screen.findByText(/^\/$/);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('asks a visitor who is not logged in to log in instead of offering Checkout', async () => {
    renderWithProviders(<CheckoutScreen />, {
      initialEntries: ['/checkout/basic'],
      path: '/checkout/:planId',
    });
    expect(await screen.findByText('Log in to subscribe to a plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    // The login returns to this checkout.
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fcheckout%2Fbasic');
  });

  it('loads the profile of a session that kept its token but not its profile, then offers Checkout', async () => {
    server.use(
      http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(LOGGED_IN.profile)),
      http.post(apiUrl('/v1/secure/user/authorize'), () =>
        HttpResponse.json({ token: 'fresh-main-token', profile: LOGGED_IN.profile }),
      ),
      http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json({ subscription: subscription() })),
    );
    renderWithProviders(<CheckoutScreen />, {
      initialEntries: ['/checkout/standard'],
      path: '/checkout/:planId',
      preloadedState: {
        session: { ...LOGGED_IN, mainToken: null, profile: null, profileFetchedAt: null },
      },
    });
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    await waitFor(() => expect(checkout).toBeEnabled());
    const form = checkout.closest('form')!;
    expect(hiddenValue(form, 'email')).toBe('anna@example.ch');
    expect(hiddenValue(form, 'token')).toBe('fresh-main-token');
    expect(screen.queryByText('Log in to subscribe to a plan.')).not.toBeInTheDocument();
  });

  describe('coupon (spec §8)', () => {
    function renderStandard(language: 'en' | 'de' = 'en') {
      return renderWithProviders(<CheckoutScreen />, {
        initialEntries: ['/checkout/standard'],
        path: '/checkout/:planId',
        preloadedState: { session: LOGGED_IN, language: { chosen: language } },
      });
    }

    it('shows the discounted price before paying and sends the code with the checkout', async () => {
      const asked: unknown[] = [];
      server.use(
        http.post(apiUrl('/v1/secure/payment/coupon-quote'), async ({ request }) => {
          asked.push(await request.json());
          return HttpResponse.json({
            code: 'SPRING20',
            originalAmount: 59.9,
            discount: 11.98,
            amount: 47.92,
            percentOff: 20,
          });
        }),
      );
      const user = userEvent.setup();
      renderStandard();
      await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'spring20');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByTestId('plan-price')).toHaveTextContent('CHF 47.92');
      expect(screen.getByTestId('plan-price-before')).toHaveTextContent('CHF 59.90');
      expect(screen.getByTestId('coupon-discount')).toHaveTextContent('Discount with SPRING20: CHF 11.98');
      expect(asked).toEqual([{ code: 'spring20', lookup_key: 'standard_monthly' }]);
      const form = screen.getByRole('button', { name: 'Checkout' }).closest('form')!;
      expect(hiddenValue(form, 'coupon')).toBe('SPRING20');
      expect(hiddenValue(form, 'amount')).toBe('47.92');

      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(screen.getByTestId('plan-price')).toHaveTextContent('CHF 59.90');
      expect(hiddenValue(form, 'coupon')).toBe('');
    });

    it("shows the translated 'Invalid coupon code' for a code the server refuses", async () => {
      server.use(
        http.post(apiUrl('/v1/secure/payment/coupon-quote'), () =>
          HttpResponse.json({ error: true, message: 'Invalid coupon code' }, { status: 400 }),
        ),
      );
      const user = userEvent.setup();
      renderStandard('de');
      await user.type(await screen.findByRole('textbox', { name: 'Gutscheincode' }), 'EXPIRED');
      await user.click(screen.getByRole('button', { name: 'Einlösen' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Ungültiger Gutscheincode');
      expect(screen.getByTestId('plan-price')).toHaveTextContent('CHF 59.90');
      const form = screen.getByRole('button', { name: 'Zur Kasse' }).closest('form')!;
      expect(hiddenValue(form, 'coupon')).toBe('');
    });
  });
});
