import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RegisterStartScreen } from '../../../src/features/auth/RegisterStartScreen';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import './authFixtures';

const server = startMswServer();

function renderScreen(path = '/register') {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<RegisterStartScreen />, { initialEntries: [path] }) };
}

describe('Register start screen (/register, /email-verification)', () => {
  it("sends the e-mail and then shows 'Check your email for verification link' with the server's message", async () => {
    const bodies: unknown[] = [];
    let langcode: string | null = null;
    server.use(
      http.post(apiUrl('/api/user/email-verification'), async ({ request }) => {
        bodies.push(await request.json());
        langcode = request.headers.get('langcode');
        return HttpResponse.json({
          verification: true,
          error: false,
          message: 'We have sent a verification link.',
        });
      }),
    );
    const { user } = renderScreen();
    await user.type(screen.getByLabelText('E-mail'), ' anna@example.ch ');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('Check your email for verification link')).toBeInTheDocument();
    expect(screen.getByText('We have sent a verification link.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'anna@example.ch' }]);
    expect(langcode).toBeNull();
  });

  it("requires the e-mail: 'Please provide valid email address to proceed with the registration'", async () => {
    const { user } = renderScreen('/email-verification');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(
      await screen.findByText('Please provide valid email address to proceed with the registration'),
    ).toBeInTheDocument();
  });

  it("refuses a malformed address with 'E-mail must be valid' and calls nothing", async () => {
    const { user } = renderScreen();
    await user.type(screen.getByLabelText('E-mail'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('E-mail must be valid')).toBeInTheDocument();
  });

  it("shows the server's message on a refusal (e.g. the rate limit) and keeps the form", async () => {
    server.use(
      http.post(apiUrl('/api/user/email-verification'), () =>
        HttpResponse.json(
          { error: true, message: 'Too many attempts. Please wait 60 minutes and try again' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderScreen();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(
      await screen.findByText('Too many attempts. Please wait 60 minutes and try again'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeInTheDocument();
  });

  it('links to /login', async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});
