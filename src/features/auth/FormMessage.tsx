import { Alert } from 'antd';
import { useIntl } from 'react-intl';
import type { SnackbarText } from '../ui/SnackbarMessage';

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
