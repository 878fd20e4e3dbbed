import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { SnackbarText } from '../ui/SnackbarMessage';
import { AuthCard } from './AuthCard';
import { authErrorText } from './authErrorText';
import { useResetPasswordMutation } from './authEndpoints';
import { FormMessage } from './FormMessage';
import { GoToLoginButton } from './GoToLoginButton';

/** Reset password (`/reset-password/KEY`): new password twice; success redirects to login via the listener. */
export function ResetPasswordScreen() {
  const { key = '' } = useParams();
  const intl = useIntl();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(values: { password?: string; confirmPassword?: string }) {
    const password = (values.password ?? '').trim();
    const confirmPassword = (values.confirmPassword ?? '').trim();
    if (!password) {
      setMessage({ id: 'auth.reset.required' });
      return;
    }
    if (password !== confirmPassword) {
      setMessage({ id: 'auth.passwordMismatch' });
      return;
    }
    setMessage(null);
    const result = await resetPassword({ password, confirmPassword, key });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      setFailed(true);
    }
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.reset.title" />}>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={isSuccess}>
        <Form.Item name="password" label={intl.formatMessage({ id: 'auth.reset.newPassword' })}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="confirmPassword" label={intl.formatMessage({ id: 'auth.confirmPassword' })}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            <FormattedMessage id="auth.reset.submit" />
          </Button>
          {failed && <GoToLoginButton />}
        </Space>
      </Form>
    </AuthCard>
  );
}
