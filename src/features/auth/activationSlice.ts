import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authEndpoints } from './authEndpoints';

/**
 * The activation screen (spec §4): the key check runs about 1000 ms after load ('checking'), then the
 * form or the invalid-key message; after registration the register-done step.
 */
export type ActivationPhase = 'checking' | 'form' | 'invalid' | 'done';

export interface ActivationState {
  phase: ActivationPhase;
  /** The verified e-mail: the read-only username of the form. */
  email: string;
}

export const initialActivationState: ActivationState = { phase: 'checking', email: '' };

export const activationSlice = createSlice({
  name: 'activation',
  initialState: initialActivationState,
  reducers: {
    /** The screen opened with this key; the listener checks it after the activation delay. */
    activationOpened(_state, _action: PayloadAction<string>) {
      return initialActivationState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authEndpoints.endpoints.verifyActivationKey.matchFulfilled, (state, action) => {
        state.phase = action.payload.success && action.payload.email ? 'form' : 'invalid';
        state.email = action.payload.email ?? '';
      })
      .addMatcher(authEndpoints.endpoints.verifyActivationKey.matchRejected, (state, action) => {
        // A call cancelled because the screen closed is not a verdict on the key.
        if (action.meta.aborted || action.meta.condition) return;
        state.phase = 'invalid';
      })
      .addMatcher(authEndpoints.endpoints.register.matchFulfilled, (state) => {
        state.phase = 'done';
      });
  },
  selectors: {
    selectActivationPhase: (state) => state.phase,
    selectActivationEmail: (state) => state.email,
  },
});

export const { activationOpened } = activationSlice.actions;
export const { selectActivationPhase, selectActivationEmail } = activationSlice.selectors;
