import { Alert, Button, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

/** The ten recovery codes, shown once right after the set-up: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const intl = useIntl();
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={intl.formatMessage({ id: 'settings.twoFactor.recoveryWarning' })}
      />
      <ol
        data-testid="recovery-codes"
        style={{
          margin: 0,
          padding: '12px 12px 12px 36px',
          columns: 2,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Typography.Text copyable={{ text: codes.join('\n') }}>
          <FormattedMessage id="settings.twoFactor.copyCodes" />
        </Typography.Text>
      </Flex>
      <Button type="primary" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        <FormattedMessage id="settings.twoFactor.codesSaved" />
      </Button>
    </Flex>
  );
}
