import { createAction } from '@reduxjs/toolkit';

/**
 * Logout of spec §4: clears all local storage and the client state, then reloads the page.
 * The work is done by the listener in sessionListeners.ts.
 */
export const logout = createAction('auth/logout');
