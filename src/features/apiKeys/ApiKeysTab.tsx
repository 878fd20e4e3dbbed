import { Alert, Button, Checkbox, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverErrorBody } from '../../api/responses';
import { runtimeConfig } from '../../config/runtimeConfig';
import {
  API_KEY_LIFETIMES_DAYS,
  API_KEY_SCOPES,
  API_TILE_FAIR_USE_PER_DAY,
  MAX_API_KEY_NAME_LENGTH,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '../../contract/ApiKeys';
import { ApiKeyTable } from './ApiKeyTable';
import { useCreateApiKeyMutation, useListApiKeysQuery, useRevokeApiKeyMutation } from './apiKeyEndpoints';

interface KeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: CreateApiKeyRequest['expiresInDays'];
}

/** The OGC API's address for GIS clients (the main server's origin). */
export const ogcApiUrl = () => `${runtimeConfig().mainUrl || window.location.origin}/ogc`;

/** A newly created key, shown this once with a copy button and where to put it. */
function NewKey({ created, onDone }: { created: CreateApiKeyResponse; onDone(): void }) {
  const intl = useIntl();
  return (
    <Alert
      type="success"
      showIcon
      data-testid="api-key-created"
      title={intl.formatMessage({ id: 'apiKeys.createdTitle' }, { name: created.key.name })}
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            <FormattedMessage id="apiKeys.createdOnce" />
          </Typography.Text>
          <Typography.Text
            code
            copyable={{ text: created.secret }}
            data-testid="api-key-secret"
            style={{ wordBreak: 'break-all' }}
          >
            {created.secret}
          </Typography.Text>
          <Button onClick={onDone}>
            <FormattedMessage id="apiKeys.createdDone" />
          </Button>
        </Space>
      }
    />
  );
}

/**
 * Settings › API keys: the user's personal keys for QGIS, GDAL and scripts (OGC API – Features and Tiles).
 * A key is shown once when created, then only its first characters; keys expire and can be revoked.
 */
export function ApiKeysTab() {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<KeyFormValues>();
  const { data, isLoading, isError, refetch } = useListApiKeysQuery();
  const [createKey, { isLoading: creating }] = useCreateApiKeyMutation();
  const [revokeKey] = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function create(values: KeyFormValues) {
    setFailure(null);
    const result = await createKey({ ...values, name: values.name.trim() });
    if ('error' in result) {
      setFailure(serverErrorBody(result.error).message ?? label('apiKeys.failed'));
      return;
    }
    setCreated(result.data);
    form.resetFields();
    void refetch();
  }

  async function revoke(id: string) {
    const result = await revokeKey(id);
    setFailure('error' in result ? (serverErrorBody(result.error).message ?? label('apiKeys.failed')) : null);
    void refetch();
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="api-keys-tab">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <FormattedMessage
          id="apiKeys.intro"
          values={{ tiles: intl.formatNumber(API_TILE_FAIR_USE_PER_DAY) }}
        />
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <FormattedMessage id="apiKeys.url" />{' '}
        <Typography.Text code copyable data-testid="ogc-url">
          {ogcApiUrl()}
        </Typography.Text>
      </Typography.Paragraph>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {failure && <Alert type="error" showIcon title={failure} />}
      {isError && <Alert type="error" showIcon title={label('apiKeys.loadFailed')} />}
      <ApiKeyTable keys={data?.keys ?? []} loading={isLoading} onRevoke={(id) => void revoke(id)} />
      <Form<KeyFormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: '', scopes: [...API_KEY_SCOPES], expiresInDays: 90 }}
        onFinish={(values) => void create(values)}
        style={{ maxWidth: 520 }}
      >
        <Typography.Title level={5}>
          <FormattedMessage id="apiKeys.new" />
        </Typography.Title>
        <Form.Item
          name="name"
          label={label('apiKeys.name')}
          extra={label('apiKeys.nameHint')}
          rules={[
            { required: true, message: label('validation.required') },
            { whitespace: true, message: label('validation.required') },
          ]}
        >
          <Input maxLength={MAX_API_KEY_NAME_LENGTH} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={label('apiKeys.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: label('apiKeys.scopeRequired') }]}
        >
          <Checkbox.Group
            options={API_KEY_SCOPES.map((scope) => ({
              value: scope,
              label: label(`apiKeys.scope.${scope}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="expiresInDays" label={label('apiKeys.lifetime')}>
          <Radio.Group
            options={API_KEY_LIFETIMES_DAYS.map((days) => ({
              value: days,
              label: label('apiKeys.days', { days }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creating}>
          <FormattedMessage id="apiKeys.create" />
        </Button>
      </Form>
    </Space>
  );
}
