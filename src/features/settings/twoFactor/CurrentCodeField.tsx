import { Alert, Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { useGetTwoFactorStatusQuery } from './twoFactorEndpoints';

/**
 * The authenticator app's code that re-authentication asks for (form field `currentCode`), shown only
 * when the account has the app set up; an account with passkeys only is told that one of them will
 * confirm the change (usePasskeyConfirmation).
 */
export function CurrentCodeField() {
  const intl = useIntl();
  const { data } = useGetTwoFactorStatusQuery();
  if (data && !data.totp && data.passkeys.length > 0) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={intl.formatMessage({ id: 'settings.passkeyConfirmation.hint' })}
      />
    );
  }
  if (!data?.totp) return null;
  return (
    <Form.Item name="currentCode" label={intl.formatMessage({ id: 'auth.secondFactor.code' })}>
      <Input autoComplete="one-time-code" maxLength={40} />
    </Form.Item>
  );
}
