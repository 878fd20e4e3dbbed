import { createAction } from '@reduxjs/toolkit';

/** Dispatched once by src/index.tsx after the persisted state is restored; starts the long-running listeners. */
export const appStarted = createAction('app/started');

/** Throws away every slice's state (logout); each slice starts again from its initial state. */
export const appReset = createAction('app/reset');
