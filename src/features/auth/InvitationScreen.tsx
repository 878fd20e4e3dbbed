import { Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { isStrongPassword } from '../../lib/validation/password';
import type { SnackbarText } from '../ui/uiSlice';
import { showSnackbar } from '../ui/uiSlice';
import { AuthCard, GoToLoginButton } from './AuthCard';
import { useAcceptInviteMutation, useCheckInviteQuery } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';
import { NewPasswordFields, trimmedPasswords, type NewPasswordValues } from './NewPasswordFields';

/** Invitation (`/invite/KEY`): greets the invitee by name; a strong password activates the account. */
export function InvitationScreen() {
  const { key = '' } = useParams();
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const invite = useCheckInviteQuery(key);
  const [accept, { isLoading, isSuccess }] = useAcceptInviteMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(values: NewPasswordValues) {
    const { password, confirmPassword } = trimmedPasswords(values);
    if (!isStrongPassword(password)) {
      dispatch(showSnackbar('error', { id: 'auth.invite.strongRule' }));
      return;
    }
    if (password !== confirmPassword) {
      dispatch(showSnackbar('error', { id: 'auth.passwordMismatch' }));
      return;
    }
    setMessage(null);
    const result = await accept({ password, confirmPassword, key });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      setFailed(true);
    }
  }

  if (invite.isLoading) {
    return (
      <AuthCard title={<FormattedMessage id="auth.invite.title" />}>
        <Spin />
      </AuthCard>
    );
  }
  if (invite.isError || !invite.data) {
    return (
      <AuthCard title={<FormattedMessage id="auth.invite.title" />}>
        <FormMessage message={authErrorText(invite.error)} />
        <GoToLoginButton />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={<FormattedMessage id="auth.invite.greeting" values={{ name: invite.data.name }} />}>
      <Typography.Paragraph>
        <FormattedMessage id="auth.invite.intro" />
      </Typography.Paragraph>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={isSuccess}>
        <Form.Item label={intl.formatMessage({ id: 'auth.username' })}>
          <Input
            readOnly
            value={invite.data.username}
            aria-label={intl.formatMessage({ id: 'auth.username' })}
          />
        </Form.Item>
        <NewPasswordFields
          passwordLabelId="auth.password"
          passwordHint={<FormattedMessage id="auth.invite.hint" />}
          submitId="auth.invite.submit"
          loading={isLoading}
          failed={failed}
        />
      </Form>
    </AuthCard>
  );
}
