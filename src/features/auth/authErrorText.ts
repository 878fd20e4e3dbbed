import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { SnackbarText } from '../ui/SnackbarMessage';

/**
 * What a failed account call shows (spec §8): the server's message when it answered `{error, message}`,
 * otherwise the network-failure text.
 */
export function authErrorText(error: FetchBaseQueryError | SerializedError | undefined): SnackbarText {
  const data = error && 'status' in error ? (error.data as { message?: unknown } | undefined) : undefined;
  if (data && typeof data.message === 'string' && data.message.trim() !== '') return { text: data.message };
  return { id: 'auth.networkError' };
}
