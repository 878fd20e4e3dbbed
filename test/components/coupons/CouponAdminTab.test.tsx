import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Coupon } from '../../../src/contract/Coupons';
import { CouponAdminTab } from '../../../src/features/coupons/CouponAdminTab';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

// antd's table, form and date picker render slowly in jsdom on the shared machine: fields are filled with
// fireEvent, not typed key by key.
jest.setTimeout(150_000);

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const SPRING: Coupon = {
  code: 'SPRING20',
  percentOff: 20,
  amountOff: null,
  expiresAt: '2027-03-31T21:59:59.999Z',
  maxRedemptions: 50,
  redeemed: 3,
  active: true,
  createdAt: '2026-11-01T08:00:00.000Z',
};

let coupons: Coupon[] = [];
const created: unknown[] = [];
const server = startMswServer(
  http.get(apiUrl('/v1/secure/admin/coupons'), () => HttpResponse.json({ coupons })),
  http.post(apiUrl('/v1/secure/admin/coupons'), async ({ request }) => {
    const body = (await request.json()) as { code: string; amountOff: number };
    created.push(body);
    coupons = [
      {
        ...SPRING,
        code: body.code.toUpperCase(),
        percentOff: null,
        amountOff: body.amountOff,
        redeemed: 0,
        maxRedemptions: null,
        expiresAt: null,
      },
      ...coupons,
    ];
    return HttpResponse.json({ error: false, message: `Coupon ${body.code.toUpperCase()} created` });
  }),
  http.delete(apiUrl('/v1/secure/admin/coupons/:code'), ({ params }) => {
    coupons = coupons.map((c) => (c.code === params.code ? { ...c, active: false } : c));
    return HttpResponse.json({ error: false, message: `Coupon ${String(params.code)} disabled` });
  }),
);

beforeEach(() => {
  coupons = [SPRING];
  created.length = 0;
});

function renderTab(language: 'en' | 'de' = 'en') {
  return renderWithProviders(<CouponAdminTab />, {
    preloadedState: fixtureState('signed-in-map-user', { language: { chosen: language } }),
  });
}

describe('coupon admin tab', () => {
  it('lists the coupons with discount, expiry and use, and disables one', async () => {
    const user = userEvent.setup();
    renderTab();
    const row = (await screen.findByText('SPRING20')).closest('tr')!;
    expect(row).toHaveTextContent('20 %');
    expect(row).toHaveTextContent('Mar 31, 2027');
    expect(row).toHaveTextContent('3 of 50');
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Coupon SPRING20 disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('SPRING20').closest('tr')).toHaveTextContent('Disabled'));
  });

  it('creates an amount-off coupon', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('SPRING20');
    fill(screen.getByLabelText('Code'), 'welcome');
    await user.click(screen.getByRole('radio', { name: 'Amount off (CHF)' }));
    fill(screen.getByRole('spinbutton', { name: 'Amount off (CHF)' }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon WELCOME created')).toBeInTheDocument();
    expect(created).toEqual([{ code: 'welcome', amountOff: 12.5 }]);
    expect(await screen.findByText('WELCOME')).toBeInTheDocument();
  });

  it("checks the code before calling, and shows the server's refusal", async () => {
    server.use(
      http.post(apiUrl('/v1/secure/admin/coupons'), () =>
        HttpResponse.json({ error: true, message: 'A coupon SPRING20 exists already' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderTab('de');
    await screen.findByText('SPRING20');
    fill(screen.getByLabelText('Code'), 'x');
    await user.click(screen.getByRole('button', { name: 'Gutschein erstellen' }));
    expect(
      await screen.findByText('3 bis 40 Buchstaben, Ziffern, Binde- oder Unterstriche'),
    ).toBeInTheDocument();
    fill(screen.getByLabelText('Code'), 'spring20');
    fill(screen.getByRole('spinbutton', { name: 'Prozent' }), '10');
    await user.click(screen.getByRole('button', { name: 'Gutschein erstellen' }));
    expect(await screen.findByText('A coupon SPRING20 exists already')).toBeInTheDocument();
  });
});
