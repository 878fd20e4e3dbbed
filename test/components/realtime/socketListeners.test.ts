import { addAppListener } from '../../../src/store/storeTypes';
import { storeWithRouter } from '../renderWithProviders';
import { mainApi } from '../../../src/api/mainApi';
import { setMainToken, clearSession, setProfile } from '../../../src/features/auth/sessionSlice';
import { profileFixture } from '../sessionFixture';
import { closeSocket, openSocket } from '../../../src/features/realtime/socketConnection';

jest.mock('../../../src/features/realtime/socketConnection', () => ({
  openSocket: jest.fn(),
  closeSocket: jest.fn(),
}));

const openSocketMock = openSocket as jest.MockedFunction<typeof openSocket>;

describe('the socket follows the main-server token', () => {
  beforeEach(() => jest.clearAllMocks());

  it('opens the socket with the token when one arrives and closes it on logout', () => {
    const { store } = storeWithRouter();
    store.dispatch(setMainToken('main-token-1'));
    expect(openSocketMock).toHaveBeenCalledWith(
      expect.any(String),
      'main-token-1',
      expect.any(Function),
      expect.any(Function),
    );
    store.dispatch(clearSession());
    expect(closeSocket).toHaveBeenCalled();
  });

  it('waits for the enrolment a company requires, then opens the socket', () => {
    const { store } = storeWithRouter();
    store.dispatch(setProfile(profileFixture({ twoFactorSetupRequired: true })));
    store.dispatch(setMainToken('main-token-3'));
    expect(openSocketMock).not.toHaveBeenCalled();
    store.dispatch(setProfile(profileFixture()));
    expect(openSocketMock).toHaveBeenCalledWith(
      expect.any(String),
      'main-token-3',
      expect.any(Function),
      expect.any(Function),
    );
  });

  it('reloads the subscription when the server says usage or the plan changed', () => {
    const { store } = storeWithRouter();
    store.dispatch(setMainToken('main-token-2'));
    const onMessage = openSocketMock.mock.calls[0][2];
    const invalidated = jest.fn();
    store.dispatch(addAppListener({ predicate: mainApi.util.invalidateTags.match, effect: invalidated }));
    onMessage({ type: 'usage-changed', data: { userId: 'u1' } });
    onMessage({ type: 'something-else', data: null });
    expect(invalidated).toHaveBeenCalledTimes(1);
    expect(invalidated.mock.calls[0][0].payload).toEqual(['Subscription']);
  });

  it('fetches again what the events announce when the socket comes back after a drop', () => {
    const { store } = storeWithRouter();
    store.dispatch(setMainToken('main-token-4'));
    const onReconnect = openSocketMock.mock.calls[0][3];
    const invalidated = jest.fn();
    store.dispatch(addAppListener({ predicate: mainApi.util.invalidateTags.match, effect: invalidated }));
    onReconnect();
    expect(invalidated).toHaveBeenCalledTimes(1);
    expect(invalidated.mock.calls[0][0].payload).toEqual(['Subscription', 'ParcelList', 'SavedSearch']);
  });
});
