import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ActivationScreen } from '../../../src/features/auth/ActivationScreen';
import { ACTIVATION_CHECK_MS, LOGIN_REDIRECT_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { PROFILE, withSpecTimers } from './authFixtures';

const server = startMswServer();
withSpecTimers();
// antd forms render slowly in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const STRONG = 'Str0ng!Pass';
const location = () => screen.getByTestId('location').textContent;

function validKey() {
  const checked: string[] = [];
  server.use(
    http.post(apiUrl('/api/user/verify-activation-key/:key'), ({ params }) => {
      checked.push(String(params.key));
      return HttpResponse.json({ success: true, email: 'anna@example.ch', error: false, message: '' });
    }),
  );
  return checked;
}

async function renderChecked() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(
    <>
      <ActivationScreen />
    </>,
    { initialEntries: ['/register/activate/KEY123'], path: '/register/activate/:key' },
  );
  await act(() => jest.advanceTimersByTimeAsync(ACTIVATION_CHECK_MS));
  await screen.findByText('Email verification successful');
  return { user, ...view };
}

/** fireEvent, not typing: a dozen antd fields typed key by key take seconds each on our machines. */
function fillForm(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Full name': 'Anna Muster',
    'Phone number': '+41 44 123 45 67',
    'Company name': 'Muster AG',
    'Company address': 'Bahnhofstrasse 1',
    Password: STRONG,
    'Confirm password': STRONG,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('Activation screen (/register/activate/KEY)', () => {
  it("shows 'Activation verification in progress', checks the key only after 1000 ms, then the form", async () => {
    const checked = validKey();
    renderWithProviders(<ActivationScreen />, {
      initialEntries: ['/register/activate/KEY123'],
      path: '/register/activate/:key',
    });
    expect(screen.getByText('Activation verification in progress')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(ACTIVATION_CHECK_MS - 1));
    expect(checked).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await screen.findByText('Email verification successful')).toBeInTheDocument();
    expect(checked).toEqual(['KEY123']);
    // Every field of spec §2, the username read-only and equal to the e-mail.
    for (const label of [
      'Full name',
      'Phone number',
      'Preferred language',
      'Company name',
      'Company address',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Username')).toHaveValue('anna@example.ch');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    // Spec §2's hints: 'Enter a password' under the empty field, then the length it needs.
    const passwordItem = screen.getByLabelText('Password').closest('.ant-form-item');
    expect(passwordItem).toHaveTextContent('Enter a password');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    await waitFor(() => expect(passwordItem).toHaveTextContent('Use 8 characters or more for your password'));
    expect(passwordItem).not.toHaveTextContent('Enter a password');
    expect(screen.getByPlaceholderText('Min 8 characters')).toBeInTheDocument();
  });

  it('shows the invalid-key message when the key is refused', async () => {
    server.use(
      http.post(apiUrl('/api/user/verify-activation-key/:key'), () =>
        HttpResponse.json(
          { success: false, error: true, message: 'Invalid activation key…' },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ActivationScreen />, {
      initialEntries: ['/register/activate/OLD'],
      path: '/register/activate/:key',
    });
    await act(() => jest.advanceTimersByTimeAsync(ACTIVATION_CHECK_MS));
    expect(
      await screen.findByText('Invalid activation key. Activation key may have expired or already used'),
    ).toBeInTheDocument();
    // Not a dead end: the account may exist already.
    await userEvent
      .setup({ advanceTimers: jest.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('the strength bar follows the score; the show/hide toggle reveals the password', async () => {
    validKey();
    const { user } = await renderChecked();
    const bar = screen.getByTestId('password-strength');
    expect(bar).toHaveAttribute('data-score', '0');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    await waitFor(() => expect(bar).toHaveAttribute('data-score', '1'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcD1!xyz' } });
    await waitFor(() => expect(bar).toHaveAttribute('data-score', '5'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('img', { name: /eye/ })[0]);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it.each([
    [{ 'Company name': '' }, 'Company name', 'Please fill in all fields'],
    [{ 'Full name': '' }, 'Full name', 'Please fill in all fields'],
    [{ 'Company address': '' }, 'Company address', 'Please fill in all fields'],
    [{ 'Confirm password': '' }, 'Confirm password', 'Please fill in all fields'],
    [{ 'Confirm password': 'Other!Pass1' }, 'Confirm password', 'Password and Confirm Password do not match'],
    [
      { Password: 'Abcdefg12', 'Confirm password': 'Abcdefg12' },
      'Password',
      'Please choose a stronger password. Try a mix of letters, numbers, and symbols.',
    ],
  ])('refuses %j next to the field %s with %s and calls nothing', async (overrides, field, message) => {
    validKey();
    const { user } = await renderChecked();
    fillForm(overrides);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const shown = await screen.findByText(message);
    // Next to the field it is about, not at the top of the long form.
    const item = screen.getByLabelText(field).closest('.ant-form-item');
    expect(item).toContainElement(shown);
    expect(item).toHaveClass('ant-form-item-has-error');
  });

  it('takes the stronger-password error away as soon as the password is strong enough, without a submit', async () => {
    validKey();
    const { user } = await renderChecked();
    fillForm({ Password: 'Abcdefg12', 'Confirm password': 'Abcdefg12' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const weak = 'Please choose a stronger password. Try a mix of letters, numbers, and symbols.';
    await screen.findByText(weak);
    // Still too weak: the error stays.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Abcdefg123' } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText(weak)).toBeInTheDocument();
    // Full strength: the error goes with the bar; the confirmation does not match yet, which is not shown
    // before the next submit.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: STRONG } });
    await waitFor(() => expect(screen.queryByText(weak)).not.toBeInTheDocument());
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-score', '5');
    expect(screen.getByLabelText('Password').closest('.ant-form-item')).not.toHaveClass(
      'ant-form-item-has-error',
    );
    expect(screen.queryByText('Password and Confirm Password do not match')).not.toBeInTheDocument();
  });

  it("registers: the payload of spec §3, 'Registration Successful / Pending Activation', session, authorise, / after 888 ms", async () => {
    validKey();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/api/user/register'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          token: 'sso-token',
          user: PROFILE,
          error: false,
          message: 'Registration Successful',
        });
      }),
      http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(PROFILE)),
      http.post(apiUrl('/v1/secure/user/authorize'), () =>
        HttpResponse.json({ token: 'main-token', profile: PROFILE }),
      ),
    );
    const { user, store } = await renderChecked();
    fillForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Pending Activation')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Anna Muster',
        phone: '+41 44 123 45 67',
        defaultLanguage: 'en',
        companyName: 'Muster AG',
        companyAddress: 'Bahnhofstrasse 1',
        username: 'anna@example.ch',
        password: STRONG,
        confirmPassword: STRONG,
        email: 'anna@example.ch',
        activationKey: 'KEY123',
      },
    ]);
    await waitFor(() => expect(store.getState().session.mainToken?.value).toBe('main-token'));
    expect(store.getState().session.ssoToken?.value).toBe('sso-token');
    await act(() => jest.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 50));
    expect(location()).toBe('/register/activate/KEY123');
    await act(() => jest.advanceTimersByTimeAsync(50));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("shows the server's message when registration is refused", async () => {
    validKey();
    server.use(
      http.post(apiUrl('/api/user/register'), () =>
        HttpResponse.json(
          { error: true, message: 'Invalid activation key. Activation key may have expired or already used' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderChecked();
    fillForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Invalid activation key. Activation key may have expired or already used'),
    ).toBeInTheDocument();
  });
});
