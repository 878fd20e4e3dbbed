import { Alert, Space, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverErrorBody } from '../../api/responses';
import { ApiKeyTable } from './ApiKeyTable';
import { useListCompanyApiKeysQuery, useRevokeCompanyApiKeyMutation } from './apiKeyEndpoints';

/** Settings › Company API keys (administrators): every key of the company's users, each revocable. */
export function CompanyApiKeysTab() {
  const intl = useIntl();
  const { data, isLoading, isError, refetch } = useListCompanyApiKeysQuery();
  const [revokeKey] = useRevokeCompanyApiKeyMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function revoke(id: string) {
    const result = await revokeKey(id);
    setFailure(
      'error' in result
        ? (serverErrorBody(result.error).message ?? intl.formatMessage({ id: 'apiKeys.failed' }))
        : null,
    );
    void refetch();
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="company-api-keys-tab">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <FormattedMessage id="apiKeys.companyIntro" />
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} />}
      {isError && <Alert type="error" showIcon title={intl.formatMessage({ id: 'apiKeys.loadFailed' })} />}
      <ApiKeyTable keys={data?.keys ?? []} loading={isLoading} showOwner onRevoke={(id) => void revoke(id)} />
    </Space>
  );
}
