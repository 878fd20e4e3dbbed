import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LoginScreen } from '../../../src/features/auth/LoginScreen';
import { LOGIN_REDIRECT_MS, PASSWORD_ERROR_FLAG_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { PROFILE, withSpecTimers } from './authFixtures';
import { startAuthentication } from '@simplewebauthn/browser';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));
const startAuthenticationMock = startAuthentication as jest.MockedFunction<typeof startAuthentication>;

// A profile that fails to load logs out, and logout revokes the session on the server first.
const server = startMswServer(
  http.post(apiUrl('/api/user/logout'), () => HttpResponse.json({ error: false, message: 'Logged out' })),
);
withSpecTimers();

function renderLogin(url = '/login') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(
    <>
      <LoginScreen />
    </>,
    { initialEntries: [url] },
  );
  return { user, ...view };
}

const location = () => screen.getByTestId('location').textContent;

describe('Login screen', () => {
  it('logs in with trimmed values, stores the token, loads the profile, authorises, and goes to / after 888 ms', async () => {
    const bodies: unknown[] = [];
    let profileBearer = '';
    let authorizeBearer = '';
    server.use(
      http.post(apiUrl('/api/user/login'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'sso-token', error: false, message: 'Login successful' });
      }),
      http.get(apiUrl('/api/admin/profile'), ({ request }) => {
        profileBearer = request.headers.get('authorization') ?? '';
        return HttpResponse.json(PROFILE);
      }),
      http.post(apiUrl('/v1/secure/user/authorize'), ({ request }) => {
        authorizeBearer = request.headers.get('authorization') ?? '';
        return HttpResponse.json({ token: 'main-token', profile: PROFILE });
      }),
    );
    const { user, store } = renderLogin();
    await user.type(screen.getByLabelText('Username'), '  anna@example.ch ');
    await user.type(screen.getByLabelText('Password'), ' Str0ng!Pass  ');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(store.getState().session.mainToken?.value).toBe('main-token'));
    expect(bodies).toEqual([{ username: 'anna@example.ch', password: 'Str0ng!Pass' }]);
    expect(store.getState().session.ssoToken?.value).toBe('sso-token');
    expect(store.getState().session.profile?.name).toBe('Anna Muster');
    expect(profileBearer).toBe('Bearer sso-token');
    expect(authorizeBearer).toBe('Bearer sso-token');

    await act(() => jest.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 50));
    expect(location()).toBe('/login');
    await act(() => jest.advanceTimersByTimeAsync(50));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it.each([
    ['/login?next=%2Fcheckout%2Fbasic', '/checkout/basic'],
    ['/login?next=%2F%2Fevil.example%2F', '/'],
    ['/login?next=https%3A%2F%2Fevil.example%2F', '/'],
  ])('from %s goes back to %s after 888 ms', async (url, expected) => {
    server.use(
      http.post(apiUrl('/api/user/login'), () =>
        HttpResponse.json({ token: 'sso-token', error: false, message: 'Login successful' }),
      ),
      http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(PROFILE)),
      http.post(apiUrl('/v1/secure/user/authorize'), () =>
        HttpResponse.json({ token: 'main-token', profile: PROFILE }),
      ),
    );
    const { user, store } = renderLogin(url);
    await user.type(screen.getByLabelText('Username'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(store.getState().session.mainToken?.value).toBe('main-token'));
    await act(() => jest.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS));
    await waitFor(() => expect(location()).toBe(expected));
  });

  it.each([
    [null, 'it'],
    ['fr', 'fr'],
  ])(
    "speaks the user's preferred language (Italian) after login when this browser's choice is %s",
    async (chosen, spoken) => {
      localStorage.clear();
      if (chosen) localStorage.setItem('user-language', chosen);
      const italian = { ...PROFILE, defaultLanguage: 'it' };
      server.use(
        http.post(apiUrl('/api/user/login'), () =>
          HttpResponse.json({ token: 'sso-token', error: false, message: 'Login successful' }),
        ),
        http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(italian)),
        http.post(apiUrl('/v1/secure/user/authorize'), () =>
          HttpResponse.json({ token: 'main-token', profile: italian }),
        ),
      );
      const { user, store } = renderLogin();
      await user.type(screen.getByLabelText(chosen ? 'Nom d’utilisateur' : 'Username'), 'anna@example.ch');
      await user.type(screen.getByLabelText(chosen ? 'Mot de passe' : 'Password'), 'Str0ng!Pass');
      await user.click(screen.getByRole('button', { name: chosen ? 'Se connecter' : 'Login' }));
      await waitFor(() => expect(store.getState().session.mainToken?.value).toBe('main-token'));
      expect(store.getState().language.chosen).toBe(spoken);
      expect(localStorage.getItem('user-language')).toBe(spoken);
      localStorage.clear();
    },
  );

  it('Enter in the password field submits', async () => {
    let called = false;
    server.use(
      http.post(apiUrl('/api/user/login'), () => {
        called = true;
        return HttpResponse.json({ error: true, message: 'Invalid username or password' }, { status: 401 });
      }),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(called).toBe(true);
  });

  it("says 'Please enter username and password' without a password and calls nothing", async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter username and password')).toBeInTheDocument();
  });

  it("shows the server's message and holds the password-error flag for 1600 ms", async () => {
    server.use(
      http.post(apiUrl('/api/user/login'), () =>
        HttpResponse.json({ error: true, message: 'Invalid username or password' }, { status: 401 }),
      ),
    );
    const { user, store } = renderLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(store.getState().login.passwordError).toBe(true);
    expect(screen.getByLabelText('Password')).toHaveAttribute('data-password-error', 'true');
    await act(() => jest.advanceTimersByTimeAsync(PASSWORD_ERROR_FLAG_MS - 1));
    expect(store.getState().login.passwordError).toBe(true);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(store.getState().login.passwordError).toBe(false);
    expect(location()).toBe('/login');
  });

  it('shows the network-failure text when the server cannot be reached', async () => {
    server.use(http.post(apiUrl('/api/user/login'), () => HttpResponse.error()));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText(
        'Error procesing your request. Please check your internet connection and try again',
      ),
    ).toBeInTheDocument();
  });

  it("logs out with 'Error loading profile' when the profile cannot be loaded after login", async () => {
    server.use(
      http.post(apiUrl('/api/user/login'), () =>
        HttpResponse.json({ token: 'sso-token', error: false, message: '' }),
      ),
      http.get(apiUrl('/api/admin/profile'), () =>
        HttpResponse.json({ error: true, message: 'nope' }, { status: 500 }),
      ),
    );
    const reload = jest.fn();
    const { user, store } = renderLogin();
    const { reloadPage } = jest.requireMock<{ reloadPage: jest.Mock }>('../../../src/store/appLifecycle');
    reloadPage.mockImplementation(reload);
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(store.getState().session.ssoToken).toBeNull();
    expect(store.getState().ui.snackbars.map((s) => s.message)).toContainEqual({
      id: 'error.loadingProfile',
    });
  });

  describe('forgot password', () => {
    it("asks for a username ('Please enter username'), sends the reset request with targeturl, then says to check e-mail and spam", async () => {
      const bodies: unknown[] = [];
      server.use(
        http.post(apiUrl('/api/admin/request-reset-password'), async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ error: false, message: 'If an account exists…' });
        }),
      );
      const { user } = renderLogin();
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
      expect(
        screen.getByText(
          'Enter your username. We will send an e-mail with instructions to the address tied to it.',
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send instructions' }));
      expect(await screen.findByText('Please enter username')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Username'), ' anna ');
      await user.click(screen.getByRole('button', { name: 'Send instructions' }));
      expect(await screen.findByText(/check your spam folder/)).toBeInTheDocument();
      expect(bodies).toEqual([{ username: 'anna', targeturl: 'http://localhost/reset-password/' }]);
      await user.click(screen.getByRole('button', { name: 'Go to Login' }));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });

    it('Back returns to the login step; a network failure shows the network text', async () => {
      server.use(http.post(apiUrl('/api/admin/request-reset-password'), () => HttpResponse.error()));
      const { user } = renderLogin();
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
      await user.type(screen.getByLabelText('Username'), 'anna');
      await user.click(screen.getByRole('button', { name: 'Send instructions' }));
      expect(await screen.findByText(/Error procesing your request/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });

  it('links to /register with Join', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Join' }));
    expect(location()).toBe('/register');
  });
});

jest.mock('../../../src/store/appLifecycle', () => ({
  ...jest.requireActual('../../../src/store/appLifecycle'),
  reloadPage: jest.fn(),
}));

describe('signing in with a passkey', () => {
  const PASSKEY_ANSWER = {
    id: 'cred-1',
    rawId: 'cred-1',
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  };
  beforeEach(() => {
    // jsdom has no WebAuthn: the button shows only where the browser has it.
    Object.defineProperty(window, 'PublicKeyCredential', { value: class {}, configurable: true });
    startAuthenticationMock.mockReset();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
  });

  it('asks the browser for a passkey with the server’s challenge, then signs in without a password', async () => {
    const answers: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/user/login/passkey/options'), () =>
        HttpResponse.json({ challenge: 'c-1', allowCredentials: [], userVerification: 'required' }),
      ),
      http.post(apiUrl('/api/user/login/passkey'), async ({ request }) => {
        answers.push(await request.json());
        return HttpResponse.json({ token: 'sso-token', error: false, message: 'Login successful' });
      }),
      http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(PROFILE)),
      http.post(apiUrl('/v1/secure/user/authorize'), () =>
        HttpResponse.json({ token: 'main-token', profile: PROFILE }),
      ),
    );
    startAuthenticationMock.mockResolvedValue(PASSKEY_ANSWER);
    const { user, store } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(store.getState().session.mainToken?.value).toBe('main-token'));
    expect(startAuthenticationMock).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c-1', allowCredentials: [], userVerification: 'required' },
    });
    expect(answers).toEqual([{ passkey: PASSKEY_ANSWER }]);
    expect(store.getState().session.ssoToken?.value).toBe('sso-token');
  });

  it('says so when no passkey was chosen, and shows the server’s refusal', async () => {
    server.use(
      http.post(apiUrl('/api/user/login/passkey/options'), () => HttpResponse.json({ challenge: 'c-2' })),
      http.post(apiUrl('/api/user/login/passkey'), () =>
        HttpResponse.json(
          { error: true, message: 'The passkey could not be verified. Please try again' },
          { status: 401 },
        ),
      ),
    );
    startAuthenticationMock.mockRejectedValueOnce(new Error('NotAllowedError'));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText(
        'No passkey was used. Please try again, or sign in with your username and password',
      ),
    ).toBeInTheDocument();
    startAuthenticationMock.mockResolvedValueOnce(PASSKEY_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('The passkey could not be verified. Please try again'),
    ).toBeInTheDocument();
  });
});
