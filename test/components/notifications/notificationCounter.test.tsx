import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountMenu } from '../../../src/app/layouts/AccountMenu';
import type { AppNotification } from '../../../src/contract/PushNotifications';
import { setMainToken } from '../../../src/features/auth/sessionSlice';
import { openSocket } from '../../../src/features/realtime/socketConnection';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

const openSocketMock = openSocket as jest.MockedFunction<typeof openSocket>;

const planChanged: AppNotification = {
  id: 'n-plan',
  kind: 'plan-changed',
  title: 'Your plan has changed',
  body: 'Your plan is now Standard Plan.',
  url: '/',
  sentAt: '2026-11-23T09:00:00Z',
};

/** The account menu with a socket open for the signed-in user; returns the socket's message handler. */
function renderMenu() {
  const view = renderWithProviders(<AccountMenu onOpenPlan={() => undefined} />, {
    preloadedState: fixtureState('signed-in-map-user'),
  });
  act(() => {
    view.store.dispatch(setMainToken('main-token-2'));
  });
  const onMessage = openSocketMock.mock.calls.at(-1)![2];
  return { ...view, onMessage };
}

describe('in-app notifications over the socket: the notification counter and its badge', () => {
  beforeEach(() => openSocketMock.mockClear());

  it('counts each notification the socket delivers and shows it as an info snackbar', () => {
    const { store, onMessage } = renderMenu();
    act(() => {
      onMessage({ type: 'notification', data: { userId: 'u1', notification: planChanged } });
      onMessage({
        type: 'notification',
        data: { userId: 'u1', notification: { ...planChanged, id: 'n-2' } },
      });
      // The same notification twice (a reconnect) and messages that are not notifications count nothing.
      onMessage({ type: 'notification', data: { userId: 'u1', notification: planChanged } });
      onMessage({ type: 'usage-changed', data: { userId: 'u1' } });
      onMessage({ type: 'notification', data: null });
    });
    expect(store.getState().notifications.unread).toBe(2);
    expect(store.getState().ui.snackbars).toHaveLength(2);
    expect(store.getState().ui.snackbars[0]).toMatchObject({
      kind: 'info',
      message: { text: 'Your plan has changed: Your plan is now Standard Plan.' },
    });
  });

  it('shows the counter on the avatar and on the menu’s Notifications entry, which opens /notifications', async () => {
    const user = userEvent.setup();
    const { onMessage } = renderMenu();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    act(() => {
      onMessage({ type: 'notification', data: { userId: 'u1', notification: planChanged } });
    });
    const avatarButton = screen.getByRole('button', { name: 'Account menu (1 new notification)' });
    await user.click(avatarButton);
    const entry = await screen.findByRole('menuitem', { name: /Notifications/ });
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
    await user.click(entry);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications'));
  });
});
