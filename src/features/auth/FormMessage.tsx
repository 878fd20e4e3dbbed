import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert } from 'antd';
import { useIntl } from 'react-intl';
import type { SnackbarText } from '../ui/uiSlice';

/**
 * What a failed account call shows (spec §8): the server's message when it answered `{error, message}`,
 * otherwise the network-failure text.
 */
export function authErrorText(error: FetchBaseQueryError | SerializedError | undefined): SnackbarText {
  const data = error && 'status' in error ? (error.data as { message?: unknown } | undefined) : undefined;
  if (data && typeof data.message === 'string' && data.message.trim() !== '') return { text: data.message };
  return { id: 'auth.networkError' };
}

/** A message shown inside a form (spec §8: "the server message is shown in the form"). */
export function FormMessage({
  message,
  type = 'error',
}: {
  message: SnackbarText | null | undefined;
  type?: 'error' | 'success' | 'info';
}) {
  const intl = useIntl();
  if (!message) return null;
  const text = 'id' in message ? intl.formatMessage({ id: message.id }, message.values) : message.text;
  return (
    <Alert
      type={type}
      showIcon
      title={text}
      role={type === 'error' ? 'alert' : 'status'}
      style={{ marginBottom: 16 }}
    />
  );
}
