import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../app/listenerMiddleware';
import {
  ACTIVATION_CHECK_MS,
  INVITE_RESET_REDIRECT_MS,
  LOGIN_REDIRECT_MS,
  PASSWORD_ERROR_FLAG_MS,
} from '../../lib/timing';
import { navigateTo, showSnackbar } from '../ui/uiSlice';
import { activationOpened } from './activationSlice';
import { authEndpoints } from './authEndpoints';
import { authorizeEndpoint } from './authorizeEndpoint';
import { passwordErrorCleared, passwordErrorRaised } from './loginSlice';
import { logout } from './logout';
import { profileEndpoint } from './profileEndpoint';
import { dropMainToken, setProfile, setSsoToken } from './sessionSlice';

const { login, register, verifyActivationKey, resetPassword, acceptInvite, updatePassword, saveProfile } =
  authEndpoints.endpoints;

// Login or registration with a token (spec §4): store the token, load the profile, authorise against the
// main server, then go to the map after 888 ms. A missing profile logs out with 'Error loading profile'.
startAppListening({
  matcher: isAnyOf(login.matchFulfilled, register.matchFulfilled),
  effect: async (action, listenerApi) => {
    const token =
      login.matchFulfilled(action) || register.matchFulfilled(action) ? action.payload.token : undefined;
    if (!token) return;
    listenerApi.cancelActiveListeners();
    listenerApi.dispatch(setSsoToken(token));
    const request = listenerApi.dispatch(
      profileEndpoint.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    const profile = await request.unwrap().catch(() => null);
    if (!profile) {
      listenerApi.dispatch(showSnackbar('error', { id: 'error.loadingProfile' }));
      listenerApi.dispatch(logout());
      return;
    }
    listenerApi.dispatch(setProfile(profile));
    await listenerApi.dispatch(authorizeEndpoint.endpoints.authorize.initiate());
    await listenerApi.delay(LOGIN_REDIRECT_MS);
    listenerApi.dispatch(navigateTo('/'));
  },
});

// The password-error flag of spec §4: set on a failed login, cleared 1600 ms later (a new failure restarts it).
startAppListening({
  matcher: isAnyOf(login.matchRejected, passwordErrorRaised),
  effect: async (action, listenerApi) => {
    if (login.matchRejected(action) && action.meta.condition) return;
    listenerApi.cancelActiveListeners();
    if (!passwordErrorRaised.match(action)) listenerApi.dispatch(passwordErrorRaised());
    await listenerApi.delay(PASSWORD_ERROR_FLAG_MS);
    listenerApi.dispatch(passwordErrorCleared());
  },
});

// The activation key is checked about 1000 ms after the screen opens (spec §4).
startAppListening({
  actionCreator: activationOpened,
  effect: async (action, listenerApi) => {
    listenerApi.cancelActiveListeners();
    await listenerApi.delay(ACTIVATION_CHECK_MS);
    listenerApi.dispatch(verifyActivationKey.initiate(action.payload));
  },
});

// Reset and invitation success (spec §4): a success snackbar, then /login after 1280 ms.
startAppListening({
  matcher: isAnyOf(resetPassword.matchFulfilled, acceptInvite.matchFulfilled),
  effect: async (_action, listenerApi) => {
    listenerApi.cancelActiveListeners();
    listenerApi.dispatch(showSnackbar('success', { id: 'auth.redirectingToLogin' }));
    await listenerApi.delay(INVITE_RESET_REDIRECT_MS);
    listenerApi.dispatch(navigateTo('/login'));
  },
});

// A password change ends every other session and returns a token for this one; the main token is signed for
// the old password, so it is dropped and the next main-server call authorises again.
startAppListening({
  matcher: updatePassword.matchFulfilled,
  effect: (action, listenerApi) => {
    if (!action.payload.token) return;
    listenerApi.dispatch(setSsoToken(action.payload.token));
    listenerApi.dispatch(dropMainToken());
  },
});

startAppListening({
  matcher: saveProfile.matchFulfilled,
  effect: (action, listenerApi) => {
    if (action.payload.profile) listenerApi.dispatch(setProfile(action.payload.profile));
  },
});
