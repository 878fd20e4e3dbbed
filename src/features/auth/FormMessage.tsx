import './formMessage.css';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useIntl } from 'react-intl';
import { CheckCircleFilledIcon, CloseCircleFilledIcon, InfoCircleFilledIcon } from '../ui/icons';
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

const ICONS = {
  error: CloseCircleFilledIcon,
  success: CheckCircleFilledIcon,
  info: InfoCircleFilledIcon,
};

/**
 * A message shown inside a form (spec §8: "the server message is shown in the form"), with antd's Alert
 * look (formMessage.css) but no antd: the login screen, on the first load, shows it.
 */
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
  const Icon = ICONS[type];
  return (
    <div className={`form-message form-message-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <span className="form-message-icon">
        <Icon />
      </span>
      <div className="form-message-text">{text}</div>
    </div>
  );
}
