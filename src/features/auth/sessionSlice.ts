import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mainAuthorized, mainTokenRefused } from '../../api/mainAuthorization';
import type { Profile } from '../../contract/Profile';
import { PROFILE_CACHE_S, TOKEN_CACHE_S } from '../../lib/timing';

/** A cached token and the epoch milliseconds after which it no longer counts. */
export interface CachedToken {
  value: string;
  expiresAt: number;
}

export interface SessionState {
  ssoToken: CachedToken | null;
  mainToken: CachedToken | null;
  profile: Profile | null;
  /** Epoch milliseconds of the last profile load (cache of spec §4: 600 s). */
  profileFetchedAt: number | null;
}

export const initialSessionState: SessionState = {
  ssoToken: null,
  mainToken: null,
  profile: null,
  profileFetchedAt: null,
};

/** Stamps the time in the action so the reducer stays pure and replayable. */
function tokenPayload(token: string, now: number = Date.now()) {
  return { payload: { value: token, expiresAt: now + TOKEN_CACHE_S * 1000 } };
}

function profilePayload(profile: Profile, now: number = Date.now()) {
  return { payload: { profile, fetchedAt: now } };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    setSsoToken: {
      reducer(state, action: PayloadAction<CachedToken>) {
        state.ssoToken = action.payload;
      },
      prepare: tokenPayload,
    },
    setMainToken: {
      reducer(state, action: PayloadAction<CachedToken>) {
        state.mainToken = action.payload;
      },
      prepare: tokenPayload,
    },
    setProfile: {
      reducer(state, action: PayloadAction<{ profile: Profile; fetchedAt: number }>) {
        state.profile = action.payload.profile;
        state.profileFetchedAt = action.payload.fetchedAt;
      },
      prepare: profilePayload,
    },
    /** The main server refused its token: forget it so the next call authorises again. */
    dropMainToken(state) {
      state.mainToken = null;
    },
    clearSession() {
      return initialSessionState;
    },
    /** The expired-cache cleaner (spec §4): drops tokens whose lifetime is over. */
    removeExpired: {
      reducer(state, action: PayloadAction<number>) {
        if (state.ssoToken && state.ssoToken.expiresAt <= action.payload) state.ssoToken = null;
        if (state.mainToken && state.mainToken.expiresAt <= action.payload) state.mainToken = null;
      },
      prepare: (now: number = Date.now()) => ({ payload: now }),
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(mainAuthorized, (state, action) => {
        const { token, profile, receivedAt } = action.payload;
        state.mainToken = tokenPayload(token, receivedAt).payload;
        if (profile) Object.assign(state, { profile, profileFetchedAt: receivedAt });
      })
      .addCase(mainTokenRefused, (state) => {
        state.mainToken = null;
      });
  },
  selectors: {
    selectSsoToken: (state): string | null => state.ssoToken?.value ?? null,
    selectMainToken: (state): string | null => state.mainToken?.value ?? null,
    selectHasToken: (state): boolean => Boolean(state.ssoToken || state.mainToken),
    selectProfile: (state): Profile | null => state.profile,
    selectProfileFetchedAt: (state): number | null => state.profileFetchedAt,
    selectIsLoggedIn: (state): boolean => Boolean((state.ssoToken || state.mainToken) && state.profile),
  },
});

/**
 * Logout of spec §4: clears all local storage and the client state, then reloads the page.
 * The work is done by the auth listeners.
 */
export const logout = createAction('auth/logout');

/** Whether the cached profile is missing or older than the 600 s cache of spec §4. */
export function isProfileStale(
  session: Pick<SessionState, 'profile' | 'profileFetchedAt'>,
  now: number,
): boolean {
  if (!session.profile || session.profileFetchedAt === null) return true;
  return now - session.profileFetchedAt > PROFILE_CACHE_S * 1000;
}

export const { setSsoToken, setMainToken, dropMainToken, setProfile, clearSession, removeExpired } =
  sessionSlice.actions;
export const {
  selectSsoToken,
  selectMainToken,
  selectHasToken,
  selectProfile,
  selectProfileFetchedAt,
  selectIsLoggedIn,
} = sessionSlice.selectors;
