import { Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import type { SnackbarText } from '../ui/uiSlice';
import { AuthCard } from './AuthCard';
import { useResetPasswordMutation } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';
import { NewPasswordFields, trimmedPasswords, type NewPasswordValues } from './NewPasswordFields';

/** Reset password (`/reset-password/KEY`): new password twice; success redirects to login via the listener. */
export function ResetPasswordScreen() {
  const { key = '' } = useParams();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(values: NewPasswordValues) {
    const { password, confirmPassword } = trimmedPasswords(values);
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
        <NewPasswordFields
          passwordLabelId="auth.reset.newPassword"
          submitId="auth.reset.submit"
          loading={isLoading}
          failed={failed}
        />
      </Form>
    </AuthCard>
  );
}
