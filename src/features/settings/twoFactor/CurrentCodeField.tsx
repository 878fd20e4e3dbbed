import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { useGetTwoFactorStatusQuery } from './twoFactorEndpoints';

/**
 * The authenticator app's code that re-authentication asks for (form field `currentCode`), shown only
 * when the account has the app set up.
 */
export function CurrentCodeField() {
  const intl = useIntl();
  const { data } = useGetTwoFactorStatusQuery();
  if (!data?.totp) return null;
  return (
    <Form.Item name="currentCode" label={intl.formatMessage({ id: 'auth.secondFactor.code' })}>
      <Input autoComplete="one-time-code" maxLength={40} />
    </Form.Item>
  );
}
