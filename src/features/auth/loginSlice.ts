import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicKeyCredentialRequestOptionsJSON, SecondFactorMethod } from '../../contract/TwoFactor';
import { authEndpoints } from './authEndpoints';

/** The steps of the login screen (spec §2, §4), with the second factor's between password and session. */
export type LoginStep = 'login' | 'second-factor' | 'forgot-password' | 'reset-password-done';

/** A right password waiting for its second factor (the server's pending-login key; no session yet). */
export interface PendingSecondFactor {
  pendingLogin: string;
  methods: SecondFactorMethod[];
  passkeyOptions?: PublicKeyCredentialRequestOptionsJSON;
}

export interface LoginState {
  step: LoginStep;
  /** Set for 1600 ms after a failed login (spec §4); the password field shows it. */
  passwordError: boolean;
  secondFactor: PendingSecondFactor | null;
}

export const initialLoginState: LoginState = { step: 'login', passwordError: false, secondFactor: null };

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    loginStepChanged(state, action: PayloadAction<LoginStep>) {
      state.step = action.payload;
      if (action.payload !== 'second-factor') state.secondFactor = null;
    },
    /** A failed attempt (refused by the server or by the form's own check); the listener clears it later. */
    passwordErrorRaised(state) {
      state.passwordError = true;
    },
    passwordErrorCleared(state) {
      state.passwordError = false;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(authEndpoints.endpoints.requestResetPassword.matchFulfilled, (state) => {
      state.step = 'reset-password-done';
    });
    builder.addMatcher(authEndpoints.endpoints.login.matchFulfilled, (state, action) => {
      const { secondFactorRequired, pendingLogin, methods, passkeyOptions } = action.payload;
      if (!secondFactorRequired || !pendingLogin) return;
      state.step = 'second-factor';
      state.secondFactor = {
        pendingLogin,
        methods: methods ?? [],
        ...(passkeyOptions ? { passkeyOptions } : {}),
      };
    });
  },
  selectors: {
    selectLoginStep: (state) => state.step,
    selectPasswordError: (state) => state.passwordError,
    selectPendingSecondFactor: (state) => state.secondFactor,
  },
});

export const { loginStepChanged, passwordErrorRaised, passwordErrorCleared } = loginSlice.actions;
export const { selectLoginStep, selectPasswordError, selectPendingSecondFactor } = loginSlice.selectors;
