import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ResetPasswordScreen } from '../../../src/features/auth/ResetPasswordScreen';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { INVITE_RESET_REDIRECT_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { withSpecTimers } from './authFixtures';

const server = startMswServer();
withSpecTimers();
jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

function renderScreen() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(
    <>
      <ResetPasswordScreen />
      <SnackbarArea />
    </>,
    { initialEntries: ['/reset-password/RESETKEY'], path: '/reset-password/:key' },
  );
  return { user, ...view };
}

function fill(password: string, confirmPassword: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmPassword } });
}

describe('Reset password screen (/reset-password/KEY)', () => {
  it("sends trimmed passwords with the key; 'Success. Redirecting to login page...' then /login after 1280 ms", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/admin/reset-password'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          error: false,
          message: 'Your password has been reset. You can now log in',
        });
      }),
    );
    const { user } = renderScreen();
    fill(' New!Passw0rd ', 'New!Passw0rd  ');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Success. Redirecting to login page...')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'New!Passw0rd', confirmPassword: 'New!Passw0rd', key: 'RESETKEY' }]);
    await act(() => jest.advanceTimersByTimeAsync(INVITE_RESET_REDIRECT_MS - 60));
    expect(location()).toBe('/reset-password/RESETKEY');
    await act(() => jest.advanceTimersByTimeAsync(60));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it("requires the new password: 'Please enter new password'", async () => {
    const { user } = renderScreen();
    fill('   ', '');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please enter new password')).toBeInTheDocument();
  });

  it('shows the error message and a Go to Login button when the key is refused', async () => {
    server.use(
      http.post(apiUrl('/api/admin/reset-password'), () =>
        HttpResponse.json(
          {
            error: true,
            message: 'This password reset link is invalid, expired or already used. Please request a new one',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderScreen();
    expect(screen.queryByRole('button', { name: 'Go to Login' })).not.toBeInTheDocument();
    fill('New!Passw0rd', 'New!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(/This password reset link is invalid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(location()).toBe('/login');
  });

  it('shows the network-failure text when the server cannot be reached', async () => {
    server.use(http.post(apiUrl('/api/admin/reset-password'), () => HttpResponse.error()));
    const { user } = renderScreen();
    fill('New!Passw0rd', 'New!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        'Error procesing your request. Please check your internet connection and try again',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });
});
