import { MoreOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Input, Modal, Table, Tag, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '../../../contract/Settings';
import { formatDateTime } from '../../../lib/format/dates';
import { authErrorText } from '../../auth/FormMessage';
import { showSnackbar } from '../../ui/uiSlice';
import { useAdminUserActionMutation, useGetAdminUsersQuery } from '../settingsEndpoints';
import { AccessDialog } from './AccessDialog';
import { InviteDialog } from './InviteDialog';
import { TAG_TONES } from '../../ui/tagTones';

type RowAction = 'access' | 'resend-invitation' | 'unlock' | 'end-sessions';

/** The actions a row offers: resend only to invited accounts, unlock only to locked ones. */
export function rowActions(user: AdminUser): RowAction[] {
  return [
    'access',
    ...(user.status === 'invited' ? (['resend-invitation'] as const) : []),
    ...(user.locked ? (['unlock'] as const) : []),
    'end-sessions',
  ];
}

/**
 * The administrators' Users tab (the HR-system labels of spec §1): search, paging, roles, sites,
 * plan, last login and locked state, with invite, resend invitation, unlock, roles and sites, end sessions.
 */
export function UsersTab() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetAdminUsersQuery({ search, page, size: ADMIN_USERS_PAGE_SIZE });
  const [runAction] = useAdminUserActionMutation();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  async function act(user: AdminUser, action: Exclude<RowAction, 'access'>) {
    const result = await runAction({ id: user.id, action });
    dispatch(
      'error' in result
        ? showSnackbar('error', authErrorText(result.error))
        : showSnackbar('success', { text: result.data.message }),
    );
  }

  function onAction(user: AdminUser, action: RowAction) {
    if (action === 'access') setEditing(user);
    else if (action === 'end-sessions') {
      Modal.confirm({
        title: t('settings.users.endSessionsConfirm', { name: user.name || user.username }),
        okText: t('settings.users.endSessions'),
        okButtonProps: { danger: true },
        cancelText: t('settings.profile.cancel'),
        onOk: () => act(user, action),
      });
    } else void act(user, action);
  }

  const actionLabels: Record<RowAction, string> = {
    access: t('settings.users.editAccess'),
    'resend-invitation': t('settings.users.resend'),
    unlock: t('settings.users.unlock'),
    'end-sessions': t('settings.users.endSessions'),
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <Input.Search
          allowClear
          placeholder={t('settings.users.search')}
          aria-label={t('settings.users.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 360 }}
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          <FormattedMessage id="settings.users.invite" />
        </Button>
      </Flex>
      {isError && <Alert type="error" showIcon title={<FormattedMessage id="settings.users.loadError" />} />}
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('settings.users.empty') }}
        pagination={{
          current: page,
          pageSize: ADMIN_USERS_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'settings.users.total' }, { count: total }),
        }}
        columns={[
          {
            key: 'user',
            title: t('settings.users.account'),
            render: (_value, user) => (
              <Flex vertical>
                <Typography.Text strong>{user.name || user.username}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {user.email}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'roles',
            title: t('settings.users.roles'),
            render: (_value, user) => (
              <Flex wrap gap={4}>
                {user.roles.map((role) => (
                  <Tag
                    key={role}
                    style={{ margin: 0, ...(/^(ADMIN|SUPER)/i.test(role) ? TAG_TONES.geekblue : {}) }}
                  >
                    {role}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'sites',
            title: t('settings.users.sites'),
            render: (_value, user) =>
              user.sites.length === 0 ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Flex wrap gap={4}>
                  {user.sites.map((site) => (
                    <Tag key={site.siteID} style={{ margin: 0 }}>
                      {site.name ?? site.siteID}
                    </Tag>
                  ))}
                </Flex>
              ),
          },
          {
            key: 'plan',
            title: t('settings.users.plan'),
            render: (_value, user) => user.plan ?? <Typography.Text type="secondary">—</Typography.Text>,
          },
          {
            key: 'lastLogin',
            title: t('settings.users.lastLogin'),
            render: (_value, user) =>
              user.lastLoginAt ? (
                formatDateTime(user.lastLoginAt)
              ) : (
                <Typography.Text type="secondary">{t('settings.users.never')}</Typography.Text>
              ),
          },
          {
            key: 'state',
            title: t('settings.users.state'),
            render: (_value, user) => (
              <Flex wrap gap={4}>
                {user.locked && (
                  <Tag style={{ margin: 0, ...TAG_TONES.red }}>
                    <FormattedMessage id="settings.users.locked" />
                  </Tag>
                )}
                {user.status === 'invited' ? (
                  <Tag style={{ margin: 0, ...TAG_TONES.orange }}>
                    <FormattedMessage id="settings.users.invitedState" />
                  </Tag>
                ) : (
                  !user.locked && (
                    <Tag style={{ margin: 0, ...TAG_TONES.green }}>
                      <FormattedMessage id="settings.users.active" />
                    </Tag>
                  )
                )}
              </Flex>
            ),
          },
          {
            key: 'actions',
            title: t('settings.users.actions'),
            width: 90,
            fixed: 'right',
            render: (_value, user) => {
              const items: MenuProps['items'] = rowActions(user).map((action) => ({
                key: action,
                label: actionLabels[action],
                danger: action === 'end-sessions',
              }));
              return (
                <Dropdown
                  trigger={['click']}
                  menu={{ items, onClick: ({ key }) => onAction(user, key as RowAction) }}
                >
                  <Button
                    type="text"
                    icon={<MoreOutlined />}
                    aria-label={t('settings.users.actionsFor', { name: user.name || user.username })}
                  />
                </Dropdown>
              );
            },
          },
        ]}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <AccessDialog user={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
