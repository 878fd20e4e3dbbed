import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authEndpoints } from './authEndpoints';

/** The three steps of the login screen (spec §2, §4). */
export type LoginStep = 'login' | 'forgot-password' | 'reset-password-done';

export interface LoginState {
  step: LoginStep;
  /** Set for 1600 ms after a failed login (spec §4); the password field shows it. */
  passwordError: boolean;
}

export const initialLoginState: LoginState = { step: 'login', passwordError: false };

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    loginStepChanged(state, action: PayloadAction<LoginStep>) {
      state.step = action.payload;
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
  },
  selectors: {
    selectLoginStep: (state) => state.step,
    selectPasswordError: (state) => state.passwordError,
  },
});

export const { loginStepChanged, passwordErrorRaised, passwordErrorCleared } = loginSlice.actions;
export const { selectLoginStep, selectPasswordError } = loginSlice.selectors;
