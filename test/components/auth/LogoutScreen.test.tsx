import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogoutScreen } from '../../../src/features/auth/LogoutScreen';
import { reloadPage } from '../../../src/app/appLifecycle';
import { renderWithProviders } from '../renderWithProviders';
import { PROFILE } from './authFixtures';

jest.mock('../../../src/app/appLifecycle', () => ({
  ...jest.requireActual('../../../src/app/appLifecycle'),
  reloadPage: jest.fn(),
}));

const SESSION = {
  ssoToken: { value: 'sso', expiresAt: Date.now() + 1e9 },
  mainToken: { value: 'main', expiresAt: Date.now() + 1e9 },
  profile: PROFILE,
  profileFetchedAt: Date.now(),
};

describe('Logout confirmation (/logout)', () => {
  it("asks 'Do you want to logout?'; Yes clears local storage and the client state and reloads", async () => {
    window.localStorage.setItem('something', 'kept before logout');
    const { store } = renderWithProviders(<LogoutScreen />, {
      initialEntries: ['/logout'],
      preloadedState: { session: SESSION },
    });
    expect(screen.getByText('Do you want to logout?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(window.localStorage.getItem('something')).toBeNull();
    expect(store.getState().session.ssoToken).toBeNull();
    expect(store.getState().session.profile).toBeNull();
    expect(reloadPage).toHaveBeenCalled();
  });

  it('Cancel returns to the dashboard route (/) and keeps the session', async () => {
    const { store } = renderWithProviders(<LogoutScreen />, {
      initialEntries: ['/', '/logout'],
      preloadedState: { session: SESSION },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(store.getState().session.ssoToken?.value).toBe('sso');
  });
});
