import { createAction } from '@reduxjs/toolkit';

/** Dispatched once by src/index.tsx after the persisted state is restored; starts the long-running listeners. */
export const appStarted = createAction('app/started');

/** Throws away the client state (logout): every slice starts again from its initial state, bar the snackbars. */
export const appReset = createAction('app/reset');
