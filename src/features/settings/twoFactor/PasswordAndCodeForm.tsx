import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import { useDisableTotpMutation, useRenewRecoveryCodesMutation } from './twoFactorEndpoints';

/** What the current password and a code (or a recovery code) confirm for the authenticator app. */
export type PasswordAndCodePurpose = 'disable' | 'renewCodes';

const SUBMIT_LABELS: Record<PasswordAndCodePurpose, string> = {
  disable: 'settings.twoFactor.disable',
  renewCodes: 'settings.twoFactor.renewCodes',
};

/**
 * Turning the authenticator app off, or renewing its recovery codes: both take the current password and a
 * code. `onDone` gets the new recovery codes after a renewal (shown once), nothing otherwise.
 */
export function PasswordAndCodeForm({
  purpose,
  onDone,
  onCancel,
}: {
  purpose: PasswordAndCodePurpose;
  onDone(recoveryCodes?: string[]): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [disable, disabling] = useDisableTotpMutation();
  const [renew, renewing] = useRenewRecoveryCodesMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit(values: { currentPassword?: string; code?: string }) {
    const body = { currentPassword: (values.currentPassword ?? '').trim(), code: (values.code ?? '').trim() };
    if (purpose === 'renewCodes') {
      const renewed = await renew(body);
      if ('error' in renewed) setMessage(authErrorText(renewed.error));
      else onDone(renewed.data.recoveryCodes);
      return;
    }
    const disabled = await disable(body);
    if ('error' in disabled) {
      setMessage(authErrorText(disabled.error));
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
        <Button
          danger={purpose === 'disable'}
          type={purpose === 'disable' ? 'default' : 'primary'}
          htmlType="submit"
          loading={disabling.isLoading || renewing.isLoading}
        >
          <FormattedMessage id={SUBMIT_LABELS[purpose]} />
        </Button>
        <Button onClick={onCancel}>
          <FormattedMessage id="settings.password.back" />
        </Button>
      </Flex>
    </Form>
  );
}
