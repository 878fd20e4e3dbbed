import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { InvitationScreen } from '../../../src/features/auth/InvitationScreen';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { INVITE_RESET_REDIRECT_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { withSpecTimers } from './authFixtures';

const server = startMswServer();
withSpecTimers();
jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

function validInvite() {
  server.use(
    http.post(apiUrl('/api/admin/check-invite'), async ({ request }) => {
      const { key } = (await request.json()) as { key: string };
      return key === 'INVITEKEY'
        ? HttpResponse.json({ username: 'ben@example.ch', email: 'ben@example.ch', name: 'Ben Beispiel' })
        : HttpResponse.json(
            { error: true, message: 'This invitation is invalid, expired or already used.' },
            { status: 400 },
          );
    }),
  );
}

function renderScreen(key = 'INVITEKEY') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(
    <>
      <InvitationScreen />
      <SnackbarArea />
    </>,
    { initialEntries: [`/invite/${key}`], path: '/invite/:key' },
  );
  return { user, ...view };
}

function fill(password: string, confirmPassword = password) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmPassword } });
}

describe('Invitation screen (/invite/KEY)', () => {
  it('greets the invitee by name, shows the username and the password hint', async () => {
    validInvite();
    renderScreen();
    expect(await screen.findByText('Hello Ben Beispiel, welcome to Parcel Atlas')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ben@example.ch');
    expect(
      screen.getByText('Min 8 chars. Lower, Upper, special and digit must be used.'),
    ).toBeInTheDocument();
  });

  it('refuses a weak password with the strong-password snackbar and calls nothing', async () => {
    validInvite();
    const { user, store } = renderScreen();
    await screen.findByText(/Hello Ben Beispiel/);
    fill('weakpass');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(
      await screen.findByText(
        'Password must have 8 characters, at least one lower, one upper letter, one symbol and one digit',
      ),
    ).toBeInTheDocument();
    expect(store.getState().ui.snackbars[0].kind).toBe('error');
  });

  it("accepts: 'Success. Redirecting to login page...' then /login after 1280 ms", async () => {
    validInvite();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/admin/accept-invite'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: false, message: 'Invitation accepted. You can now log in' });
      }),
    );
    const { user } = renderScreen();
    await screen.findByText(/Hello Ben Beispiel/);
    fill('Invit3d!Pass');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Success. Redirecting to login page...')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'Invit3d!Pass', confirmPassword: 'Invit3d!Pass', key: 'INVITEKEY' }]);
    await act(() => jest.advanceTimersByTimeAsync(INVITE_RESET_REDIRECT_MS - 60));
    expect(location()).toBe('/invite/INVITEKEY');
    await act(() => jest.advanceTimersByTimeAsync(60));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows the error and Go to Login when accepting fails', async () => {
    validInvite();
    server.use(
      http.post(apiUrl('/api/admin/accept-invite'), () =>
        HttpResponse.json(
          { error: true, message: 'This invitation is invalid, expired or already used.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderScreen();
    await screen.findByText(/Hello Ben Beispiel/);
    fill('Invit3d!Pass');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(
      await screen.findByText('This invitation is invalid, expired or already used.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(location()).toBe('/login');
  });

  it('an invalid invitation shows the message and Go to Login instead of the form', async () => {
    validInvite();
    renderScreen('USED');
    expect(
      await screen.findByText('This invitation is invalid, expired or already used.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
