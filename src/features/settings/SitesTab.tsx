import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import type { SaveSiteRequest } from '../../contract/Settings';
import { authErrorText, FormMessage } from '../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../ui/uiSlice';
import { useGetAllSitesQuery, useSaveSiteMutation } from './settingsEndpoints';
import { useSetSiteTwoFactorMutation } from './twoFactor/twoFactorEndpoints';

/**
 * The list of accessible sites (spec §2, §6: admins see it; ADMIN has access to every site), with a small
 * form to add a site or rename one by its id.
 */
export function SitesTab() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // Administrators have access to every site: the full list, with each site's two-factor requirement.
  const { data, isLoading, isError } = useGetAllSitesQuery();
  const [setTwoFactor] = useSetSiteTwoFactorMutation();
  const [saveSite, { isLoading: saving }] = useSaveSiteMutation();
  const [form] = Form.useForm<SaveSiteRequest>();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const t = (id: string) => intl.formatMessage({ id });

  async function submit(values: SaveSiteRequest) {
    const result = await saveSite({ siteID: values.siteID.trim(), name: values.name.trim() });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    setMessage(null);
    form.resetFields();
    dispatch(showSnackbar('success', { id: 'settings.sites.saved' }));
  }

  async function requireTwoFactor(siteID: string, required: boolean) {
    const result = await setTwoFactor({ siteID, required });
    dispatch(
      'error' in result
        ? showSnackbar('error', authErrorText(result.error))
        : showSnackbar('success', { text: result.data.message }),
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      {isError && <Alert type="error" showIcon title={<FormattedMessage id="settings.sites.loadError" />} />}
      <Table
        rowKey="siteID"
        size="middle"
        loading={isLoading}
        dataSource={data?.sites ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        // antd draws the empty text in its disabled grey (1.8:1): secondary text instead (AA).
        locale={{
          emptyText: <Typography.Text type="secondary">{t('settings.sites.empty')}</Typography.Text>,
        }}
        columns={[
          { key: 'id', dataIndex: 'siteID', title: t('settings.sites.id'), width: 200 },
          { key: 'name', dataIndex: 'name', title: t('settings.sites.name') },
          {
            key: 'twoFactor',
            title: t('settings.sites.twoFactor'),
            width: 190,
            render: (_value, site) => (
              <Switch
                size="small"
                checked={site.twoFactorRequired === true}
                aria-label={`${t('settings.sites.twoFactor')}: ${site.name}`}
                onChange={(checked) => void requireTwoFactor(site.siteID, checked)}
              />
            ),
          },
        ]}
      />
      <Card size="small" title={t('settings.sites.add')}>
        <FormMessage message={message} />
        <Form form={form} layout="inline" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item
            name="siteID"
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
            style={{ marginBottom: 8 }}
          >
            <Input placeholder={t('settings.sites.id')} aria-label={t('settings.sites.id')} maxLength={100} />
          </Form.Item>
          <Form.Item
            name="name"
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
            style={{ marginBottom: 8 }}
          >
            <Input
              placeholder={t('settings.sites.name')}
              aria-label={t('settings.sites.name')}
              maxLength={200}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
            <FormattedMessage id="settings.sites.save" />
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          <FormattedMessage id="settings.sites.hint" />
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
