import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import type { AdminUser } from '../../../contract/Settings';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import { useGetAllSitesQuery, useSetUserRolesMutation, useSetUserSitesMutation } from '../settingsEndpoints';
import { AccessFields } from './AccessFields';

interface AccessValues {
  roles: string[];
  sites: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** Grant or revoke an account's roles and sites; only what changed is sent (each change is audited). */
export function AccessDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<AccessValues>();
  const { data: sites } = useGetAllSitesQuery(undefined, { skip: !user });
  const [setRoles, rolesState] = useSetUserRolesMutation();
  const [setSites, sitesState] = useSetUserSitesMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const t = (id: string) => intl.formatMessage({ id });

  async function submit(values: AccessValues) {
    if (!user) return;
    const currentSites = user.sites.map((site) => site.siteID);
    for (const [changed, run] of [
      [!sameSet(values.roles, user.roles), () => setRoles({ id: user.id, roles: values.roles })],
      [!sameSet(values.sites, currentSites), () => setSites({ id: user.id, sites: values.sites })],
    ] as const) {
      if (!changed) continue;
      const result = await run();
      if ('error' in result) {
        setMessage(authErrorText(result.error));
        return;
      }
    }
    dispatch(showSnackbar('success', { id: 'settings.users.accessSaved' }));
    setMessage(null);
    onClose();
  }

  return (
    <Modal
      open={user !== null}
      title={
        user
          ? intl.formatMessage({ id: 'settings.users.accessTitle' }, { name: user.name || user.username })
          : ''
      }
      okText={t('settings.profile.save')}
      cancelText={t('settings.profile.cancel')}
      confirmLoading={rolesState.isLoading || sitesState.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormMessage message={message} />
      {user && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ roles: user.roles, sites: user.sites.map((site) => site.siteID) }}
          onFinish={(values) => void submit(values)}
        >
          <AccessFields sites={sites?.sites ?? []} />
        </Form>
      )}
    </Modal>
  );
}
