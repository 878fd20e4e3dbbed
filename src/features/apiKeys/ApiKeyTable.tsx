import { Button, Popconfirm, Table, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../contract/ApiKeys';
import { TAG_TONES } from '../ui/tagTones';

export interface ApiKeyTableProps {
  keys: ApiKeySummary[];
  loading: boolean;
  /** Shows who owns each key (the administrators' list). */
  showOwner?: boolean;
  onRevoke(id: string): void;
}

type KeyState = 'active' | 'revoked' | 'expired';

const stateOf = (key: ApiKeySummary, now: number): KeyState =>
  key.revokedAt ? 'revoked' : Date.parse(key.expiresAt) <= now ? 'expired' : 'active';

const STATE_TONES = { active: TAG_TONES.green, revoked: TAG_TONES.red, expired: TAG_TONES.gold };

/** Keys with their scopes, dates, last use and state; an active key has a Revoke action (confirmed). */
export function ApiKeyTable({ keys, loading, showOwner = false, onRevoke }: ApiKeyTableProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const now = Date.now();
  return (
    <Table<ApiKeySummary>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ x: true }}
      dataSource={keys}
      data-testid={showOwner ? 'company-api-keys' : 'api-keys'}
      locale={{ emptyText: <Typography.Text type="secondary">{label('apiKeys.none')}</Typography.Text> }}
      columns={[
        { title: label('apiKeys.name'), dataIndex: 'name' },
        // The state and its Revoke action come early: on a phone they are in view without scrolling.
        {
          title: label('apiKeys.state'),
          render: (_value, key) => {
            const state = stateOf(key, now);
            return (
              <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                <Tag style={STATE_TONES[state]}>{label(`apiKeys.state.${state}`)}</Tag>
                {state === 'active' && (
                  <Popconfirm
                    title={label('apiKeys.revokeConfirm')}
                    okText={label('apiKeys.revoke')}
                    cancelText={label('apiKeys.cancel')}
                    onConfirm={() => onRevoke(key.id)}
                  >
                    <Button size="small" danger>
                      {label('apiKeys.revoke')}
                    </Button>
                  </Popconfirm>
                )}
              </span>
            );
          },
        },
        ...(showOwner
          ? [
              {
                title: label('apiKeys.owner'),
                render: (_value: unknown, key: ApiKeySummary) => key.owner?.name || key.owner?.username,
              },
            ]
          : []),
        {
          title: label('apiKeys.key'),
          render: (_value, key) => (
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{`${key.prefix}…`}</Typography.Text>
          ),
        },
        {
          title: label('apiKeys.scopes'),
          render: (_value, key) =>
            key.scopes.map((scope) => <Tag key={scope}>{label(`apiKeys.scope.${scope}`)}</Tag>),
        },
        { title: label('apiKeys.expires'), render: (_value, key) => date(key.expiresAt) },
        {
          title: label('apiKeys.lastUsed'),
          render: (_value, key) => (key.lastUsedAt ? date(key.lastUsedAt) : label('apiKeys.neverUsed')),
        },
      ]}
    />
  );
}
