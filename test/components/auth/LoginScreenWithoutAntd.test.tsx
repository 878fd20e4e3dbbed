import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LoginScreen } from '../../../src/features/auth/LoginScreen';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { withSpecTimers } from './authFixtures';

const server = startMswServer();
withSpecTimers();

/**
 * The login screen as the app renders it on /login: with no antd ConfigProvider (AntdTheme) around it, since
 * the first load carries no antd runtime (docs/adr/008-first-load-budget.md; the build's budget is the proof
 * for the bundle, this is the proof that the screen works without antd's context).
 */
function renderBareLogin(preloadedState?: AppPreloadedState) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(<LoginScreen />, {
    initialEntries: ['/login'],
    antdTheme: false,
    preloadedState,
  });
  return { user, ...view };
}

describe('Login screen without antd', () => {
  it('renders no antd component and injects no antd styles', () => {
    renderBareLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(document.head.querySelector('style[data-css-hash], style[data-token-hash]')).toBeNull();
  });

  it('submits with Enter and shows the server message as an alert', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/user/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ error: true, message: 'Invalid username or password' }, { status: 401 });
      }),
    );
    const { user } = renderBareLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(body).toEqual({ username: 'anna', password: 'secret' });
  });

  it('the eye shows and hides the password, by click or keyboard, named in the language shown', async () => {
    const { user } = renderBareLogin({ language: { chosen: 'de' } });
    const password = screen.getByLabelText('Passwort');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Ausblenden' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    hide.focus();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('ignores a second submit while the login is on its way (antd loading button)', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/api/user/login'), async () => {
        calls += 1;
        await new Promise(() => undefined);
        return HttpResponse.json({});
      }),
    );
    const { user } = renderBareLogin();
    await user.type(screen.getByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'secret');
    const submit = screen.getByRole('button', { name: 'Login' });
    await user.click(submit);
    await screen.findByRole('img', { name: 'loading' });
    await user.click(screen.getByRole('button', { name: /Login/ }));
    expect(calls).toBe(1);
  });
});
