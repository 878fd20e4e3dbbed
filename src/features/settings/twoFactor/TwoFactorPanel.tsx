import { Alert, Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TotpEnrolment as Enrolment } from '../../../contract/TwoFactor';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import type { SnackbarText } from '../../ui/uiSlice';
import { PasskeyList } from './PasskeyList';
import { PasswordAndCodeForm, type PasswordAndCodePurpose } from './PasswordAndCodeForm';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';
import { useGetTwoFactorStatusQuery, useStartTotpMutation } from './twoFactorEndpoints';

type TotpView =
  | { kind: 'status' }
  | { kind: 'enrol'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm'; purpose: PasswordAndCodePurpose };

/**
 * Two-factor sign-in in Settings (and on the set-up screen): the authenticator app (set up with a QR code,
 * confirmed by a code, ten recovery codes shown once; turned off with password and code) and passkeys.
 */
export function TwoFactorPanel() {
  const intl = useIntl();
  const { data: status, isLoading, isError } = useGetTwoFactorStatusQuery();
  const [start, { isLoading: starting }] = useStartTotpMutation();
  const [view, setView] = useState<TotpView>({ kind: 'status' });
  const [message, setMessage] = useState<SnackbarText | null>(null);
  if (isLoading) return <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (isError || !status) {
    return <Alert type="error" showIcon title={intl.formatMessage({ id: 'settings.twoFactor.loadError' })} />;
  }

  async function startEnrolment() {
    const result = await start();
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    setMessage(null);
    setView({ kind: 'enrol', enrolment: result.data });
  }

  const back = () => setView({ kind: 'status' });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      {status.required && (
        <Alert
          type="info"
          showIcon
          title={intl.formatMessage({ id: 'settings.twoFactor.requiredByCompany' })}
        />
      )}
      <Card
        size="small"
        title={
          <Flex gap={8} align="center" wrap>
            <FormattedMessage id="settings.twoFactor.appTitle" />
            <Tag color={status.totp ? 'green' : 'default'}>
              <FormattedMessage id={status.totp ? 'settings.twoFactor.on' : 'settings.twoFactor.off'} />
            </Tag>
          </Flex>
        }
      >
        <FormMessage message={message} />
        {view.kind === 'enrol' && (
          <TotpEnrolment
            enrolment={view.enrolment}
            onConfirmed={(codes) => setView({ kind: 'codes', codes })}
            onCancel={back}
          />
        )}
        {view.kind === 'codes' && <RecoveryCodes codes={view.codes} onDone={back} />}
        {view.kind === 'confirm' && (
          <PasswordAndCodeForm
            purpose={view.purpose}
            onDone={(codes) => setView(codes ? { kind: 'codes', codes } : { kind: 'status' })}
            onCancel={back}
          />
        )}
        {view.kind === 'status' && (
          <Flex vertical gap={8} align="flex-start">
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {status.totp ? (
                <FormattedMessage
                  id="settings.twoFactor.codesLeft"
                  values={{ count: status.recoveryCodesLeft }}
                />
              ) : (
                <FormattedMessage id="settings.twoFactor.appHint" />
              )}
            </Typography.Paragraph>
            {status.totp ? (
              <Flex gap={8} wrap>
                <Button onClick={() => setView({ kind: 'confirm', purpose: 'renewCodes' })}>
                  <FormattedMessage id="settings.twoFactor.renewCodes" />
                </Button>
                <Button danger onClick={() => setView({ kind: 'confirm', purpose: 'disable' })}>
                  <FormattedMessage id="settings.twoFactor.disable" />
                </Button>
              </Flex>
            ) : (
              <Button type="primary" loading={starting} onClick={() => void startEnrolment()}>
                <FormattedMessage id="settings.twoFactor.setUp" />
              </Button>
            )}
          </Flex>
        )}
      </Card>
      <Card size="small" title={intl.formatMessage({ id: 'settings.passkeys.title' })}>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="settings.passkeys.hint" />
        </Typography.Paragraph>
        <PasskeyList passkeys={status.passkeys} />
      </Card>
    </Flex>
  );
}
