import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import { useDisableTotpMutation } from './twoFactorEndpoints';

/** Turning the authenticator app off takes the current password and a code (or a recovery code). */
export function DisableTotpForm({ onDone }: { onDone(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [disable, { isLoading }] = useDisableTotpMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit(values: { currentPassword?: string; code?: string }) {
    const result = await disable({
      currentPassword: (values.currentPassword ?? '').trim(),
      code: (values.code ?? '').trim(),
    });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    dispatch(showSnackbar('success', { id: 'settings.twoFactor.disabled' }));
    onDone();
  }

  return (
    <Form
      layout="vertical"
      onFinish={(values) => void submit(values)}
      requiredMark={false}
      style={{ maxWidth: 360 }}
    >
      <FormMessage message={message} />
      <Form.Item name="currentPassword" label={intl.formatMessage({ id: 'settings.currentPassword' })}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="code" label={intl.formatMessage({ id: 'auth.secondFactor.code' })}>
        <Input autoComplete="one-time-code" maxLength={40} />
      </Form.Item>
      <Flex gap={8}>
        <Button danger htmlType="submit" loading={isLoading}>
          <FormattedMessage id="settings.twoFactor.disable" />
        </Button>
        <Button onClick={onDone}>
          <FormattedMessage id="settings.password.back" />
        </Button>
      </Flex>
    </Form>
  );
}
