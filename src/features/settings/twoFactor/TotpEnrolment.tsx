import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TotpEnrolment as Enrolment } from '../../../contract/TwoFactor';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import type { SnackbarText } from '../../ui/uiSlice';
import { useConfirmTotpMutation } from './twoFactorEndpoints';

/**
 * The authenticator app's set-up: the QR code to scan, the secret to type where scanning is not possible,
 * and the first code that confirms it. The recovery codes of the reply go to `onConfirmed`, once.
 */
export function TotpEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed(recoveryCodes: string[]): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const [confirm, { isLoading }] = useConfirmTotpMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit({ code }: { code?: string }) {
    const trimmed = (code ?? '').trim();
    if (!trimmed) {
      setMessage({ id: 'auth.secondFactor.codeRequired' });
      return;
    }
    const result = await confirm(trimmed);
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    onConfirmed(result.data.recoveryCodes);
  }

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        <FormattedMessage id="settings.twoFactor.scan" />
      </Typography.Paragraph>
      <Flex gap={16} wrap align="center">
        <img
          src={enrolment.qrCode}
          width={180}
          height={180}
          alt={intl.formatMessage({ id: 'settings.twoFactor.qrAlt' })}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8 }}
        />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography.Text type="secondary">
            <FormattedMessage id="settings.twoFactor.manualEntry" />
          </Typography.Text>
          <Typography.Text code copyable data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {enrolment.secret}
          </Typography.Text>
        </Flex>
      </Flex>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="code" label={intl.formatMessage({ id: 'settings.twoFactor.confirmCode' })}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={10} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            <FormattedMessage id="settings.twoFactor.confirm" />
          </Button>
          <Button onClick={onCancel}>
            <FormattedMessage id="settings.password.back" />
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
