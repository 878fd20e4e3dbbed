import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { isStrongPassword } from '../../lib/validation/password';
import { useUpdatePasswordMutation } from '../auth/authEndpoints';
import { authErrorText, FormMessage } from '../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../ui/uiSlice';
import { CurrentCodeField } from './twoFactor/CurrentCodeField';
import { usePasskeyConfirmation } from './twoFactor/usePasskeyConfirmation';

interface PasswordValues {
  currentPassword?: string;
  currentCode?: string;
  password?: string;
  confirmPassword?: string;
}

/** What the form says before any call (spec §5: settings' new-password rules), or null when it may be sent. */
export function passwordStepError(values: {
  password: string;
  confirmPassword: string;
}): SnackbarText | null {
  if (!values.password || !values.confirmPassword) return { id: 'settings.password.required' };
  if (values.password !== values.confirmPassword) return { id: 'settings.password.mismatch' };
  if (!isStrongPassword(values.password)) return { id: 'validation.strongPassword' };
  return null;
}

/**
 * The change-password step of the settings (spec §2, §4, §5, §8): password and confirmation, buttons Save
 * New Password and Back; plus the current password the server asks for. On success the
 * other sessions end, this one stays (the listener stores the fresh token), and the step returns.
 */
export function ChangePasswordStep({ onBack }: { onBack(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const passkeyConfirmation = usePasskeyConfirmation();

  async function submit(values: PasswordValues) {
    const password = (values.password ?? '').trim();
    const confirmPassword = (values.confirmPassword ?? '').trim();
    const invalid = passwordStepError({ password, confirmPassword });
    setMessage(invalid);
    if (invalid) return;
    const { passkey, refused } = await passkeyConfirmation.confirm();
    if (refused) {
      setMessage(refused);
      return;
    }
    const result = await updatePassword({
      password,
      confirmPassword,
      currentPassword: (values.currentPassword ?? '').trim() || undefined,
      currentCode: (values.currentCode ?? '').trim() || undefined,
      ...(passkey ? { currentPasskey: passkey } : {}),
    });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    dispatch(showSnackbar('success', { id: 'settings.password.updated' }));
    onBack();
  }

  return (
    <section aria-labelledby="change-password-title" style={{ maxWidth: 440 }}>
      <Typography.Title level={4} id="change-password-title">
        <FormattedMessage id="settings.password.title" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="settings.password.hint" />
      </Typography.Paragraph>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={(values: PasswordValues) => void submit(values)} requiredMark={false}>
        <Form.Item name="currentPassword" label={intl.formatMessage({ id: 'settings.currentPassword' })}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <CurrentCodeField />
        <Form.Item name="password" label={intl.formatMessage({ id: 'settings.password.new' })}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={intl.formatMessage({ id: 'settings.password.confirm' })}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            <FormattedMessage id="settings.password.save" />
          </Button>
          <Button onClick={onBack}>
            <FormattedMessage id="settings.password.back" />
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
