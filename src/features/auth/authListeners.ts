import { isAnyOf, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { mainSessionRefused } from '../../api/mainAuthorization';
import { mainApi } from '../../api/mainApi';
import { appReset, appStarted, reloadPage } from '../../store/appLifecycle';
import { ROUTE_PATHS } from '../../routing/routePaths';
import type { AppStartListening } from '../../store/storeTypes';
import {
  ACTIVATION_CHECK_MS,
  CACHE_CLEANER_MS,
  INVITE_RESET_REDIRECT_MS,
  LOGIN_REDIRECT_MS,
  PASSWORD_ERROR_FLAG_MS,
} from '../../lib/timing';
import { isLanguage } from '../i18n/Language';
import { selectStoredLanguage, setLanguage } from '../i18n/languageSlice';
import { showSnackbar } from '../ui/uiSlice';
import { activationOpened } from './activationSlice';
import { authEndpoints } from './authEndpoints';
import { passwordErrorCleared, passwordErrorRaised } from './loginSlice';
import { profileEndpoint } from './profile';
import { returnPathAfterLogin } from './returnPath';
import { clearSession, dropMainToken, logout, removeExpired, setProfile, setSsoToken } from './sessionSlice';

const {
  login,
  completeSecondFactor,
  passkeySignIn,
  register,
  verifyActivationKey,
  resetPassword,
  acceptInvite,
  updatePassword,
  saveProfile,
  logoutSession,
} = authEndpoints.endpoints;

type RefusalPayload = { status?: unknown; originalStatus?: unknown; data?: unknown } | undefined;

/** Whether an action is a failed API call whose HTTP status is 403 (spec §8: "any HTTP error containing 403"). */
export function isForbiddenAction(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || isTwoFactorSetupRefusal(action)) return false;
  const payload = action.payload as RefusalPayload;
  return payload?.status === 403 || payload?.originalStatus === 403;
}

/** A 403 because the account's company requires a second factor not set up yet: not an access denial. */
export function isTwoFactorSetupRefusal(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  const data = (action.payload as RefusalPayload)?.data as { twoFactorSetupRequired?: unknown } | undefined;
  return data?.twoFactorSetupRequired === true;
}

/** The session's lifetime: the cache cleaner, logout, and the access-denied rule. */
function addSessionListeners(startListening: AppStartListening): void {
  // The expired-cache cleaner of spec §4: once at start, then every 60 s.
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      listenerApi.dispatch(removeExpired());
      for (;;) {
        await listenerApi.delay(CACHE_CLEANER_MS);
        listenerApi.dispatch(removeExpired());
      }
    },
  });

  startListening({
    actionCreator: logout,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      // The server revokes the session first, so the tokens stop working everywhere, not just here. Its
      // failure (offline, timeout, already ended) does not stop the logout on this device.
      const { ssoToken, mainToken } = listenerApi.getState().session;
      const token = ssoToken?.value ?? mainToken?.value;
      if (token) {
        await listenerApi.pause(
          listenerApi
            .dispatch(logoutSession.initiate(token))
            .unwrap()
            .catch(() => undefined),
        );
      }
      // Storage first, so slices that start from it (the language) start empty; the cleared session is then
      // all that redux-persist can still write before the reload.
      window.localStorage.clear();
      listenerApi.dispatch(clearSession());
      listenerApi.dispatch(appReset());
      reloadPage();
    },
  });

  // Spec §8: any 403 → error snackbar, the session is cleared and the user goes to the login page.
  startListening({
    predicate: (action) => isForbiddenAction(action),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(showSnackbar('error', { id: 'error.accessDenied' }));
      listenerApi.dispatch(clearSession());
      void listenerApi.extra.navigate(ROUTE_PATHS.login);
    },
  });

  // The company requires a second factor and this account has none yet: only its set-up is open.
  startListening({
    predicate: (action) => isTwoFactorSetupRefusal(action),
    effect: (_action, listenerApi) => {
      void listenerApi.extra.navigate(ROUTE_PATHS.twoFactorSetup);
    },
  });

  // A 401 that re-authorising once did not cure: the session ended on the server (password changed
  // elsewhere, account disabled, revoked). End it here the same way, instead of a map that silently gets
  // nothing; the cached server data (the Plan button's plan) goes with it. Concurrent refusals report once.
  startListening({
    actionCreator: mainSessionRefused,
    effect: (_action, listenerApi) => {
      const { ssoToken, mainToken } = listenerApi.getState().session;
      if (!ssoToken && !mainToken) return;
      listenerApi.dispatch(showSnackbar('error', { id: 'error.sessionEnded' }));
      listenerApi.dispatch(clearSession());
      listenerApi.dispatch(mainApi.util.resetApiState());
      void listenerApi.extra.navigate(ROUTE_PATHS.login);
    },
  });
}

/** The account screens' flows: login, activation, reset, invitation, password and profile changes. */
function addAccountListeners(startListening: AppStartListening): void {
  // Login or registration with a token (spec §4): store the token, load the profile, authorise against the
  // main server, then go to the map after 888 ms. A missing profile logs out with 'Error loading profile'.
  startListening({
    matcher: isAnyOf(
      login.matchFulfilled,
      completeSecondFactor.matchFulfilled,
      passkeySignIn.matchFulfilled,
      register.matchFulfilled,
    ),
    effect: async (action, listenerApi) => {
      const token =
        login.matchFulfilled(action) ||
        completeSecondFactor.matchFulfilled(action) ||
        passkeySignIn.matchFulfilled(action) ||
        register.matchFulfilled(action)
          ? action.payload.token
          : undefined;
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
      // A browser where no language was chosen speaks the user's preferred one from now on (chosen at
      // activation, or by the admin who sent the invitation); a choice made in the language menu stays.
      const preferred = profile.defaultLanguage?.trim().toLowerCase();
      if (selectStoredLanguage(listenerApi.getState()) === null && isLanguage(preferred))
        listenerApi.dispatch(setLanguage(preferred));
      await listenerApi.dispatch(mainApi.endpoints.authorize.initiate());
      // A login the checkout (or another screen) sent the user to returns there (`/login?next=…`).
      const { pathname, search } = listenerApi.extra.state.location;
      const target = profile.twoFactorSetupRequired
        ? ROUTE_PATHS.twoFactorSetup
        : pathname === ROUTE_PATHS.login
          ? returnPathAfterLogin(search)
          : ROUTE_PATHS.mapview;
      await listenerApi.delay(LOGIN_REDIRECT_MS);
      void listenerApi.extra.navigate(target);
    },
  });

  // The password-error flag of spec §4: set on a failed login, cleared 1600 ms later (a new failure restarts it).
  startListening({
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
  startListening({
    actionCreator: activationOpened,
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(ACTIVATION_CHECK_MS);
      listenerApi.dispatch(verifyActivationKey.initiate(action.payload));
    },
  });

  // Reset and invitation success (spec §4): a success snackbar, then /login after 1280 ms.
  startListening({
    matcher: isAnyOf(resetPassword.matchFulfilled, acceptInvite.matchFulfilled),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      listenerApi.dispatch(showSnackbar('success', { id: 'auth.redirectingToLogin' }));
      await listenerApi.delay(INVITE_RESET_REDIRECT_MS);
      void listenerApi.extra.navigate(ROUTE_PATHS.login);
    },
  });

  // A password change ends every other session and returns a fresh token for this one (the same session); the
  // main token is dropped so the next main-server call authorises again with it.
  startListening({
    matcher: updatePassword.matchFulfilled,
    effect: (action, listenerApi) => {
      if (!action.payload.token) return;
      listenerApi.dispatch(setSsoToken(action.payload.token));
      listenerApi.dispatch(dropMainToken());
    },
  });

  startListening({
    matcher: saveProfile.matchFulfilled,
    effect: (action, listenerApi) => {
      if (action.payload.profile) listenerApi.dispatch(setProfile(action.payload.profile));
    },
  });
}

/** Every side effect of the auth feature, on the store's listener middleware. */
export function addAuthListeners(startListening: AppStartListening): void {
  addSessionListeners(startListening);
  addAccountListeners(startListening);
}
