import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import { LANGUAGE_CODES, type InviteRequest } from '../../../contract/Accounts';
import { antdRule, email as emailRule } from '../../../lib/validation/rules';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import { useGetAllSitesQuery, useInviteUserMutation } from '../settingsEndpoints';
import { AccessFields } from './AccessFields';

/** Invite someone (the existing invite call): name, e-mail, language, roles, sites. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<InviteRequest>();
  const [invite, { isLoading }] = useInviteUserMutation();
  const { data: sites } = useGetAllSitesQuery(undefined, { skip: !open });
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const t = (id: string) => intl.formatMessage({ id });

  async function submit(values: InviteRequest) {
    const result = await invite({ ...values, email: values.email.trim(), name: values.name.trim() });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    dispatch(showSnackbar('success', { id: 'settings.users.invited' }));
    form.resetFields();
    setMessage(null);
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('settings.users.inviteTitle')}
      okText={t('settings.users.inviteSend')}
      cancelText={t('settings.profile.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormMessage message={message} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ language: 'en', roles: [], sites: [] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('settings.profile.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('settings.profile.email')}
          rules={[
            { required: true, message: t('settings.profile.emailRequired') },
            antdRule(emailRule, intl),
          ]}
        >
          <Input type="email" maxLength={320} />
        </Form.Item>
        <Form.Item name="language" label={t('settings.profile.language')}>
          <Select
            options={LANGUAGE_CODES.map((code) => ({ value: code, label: t(`auth.language.${code}`) }))}
          />
        </Form.Item>
        <AccessFields sites={sites?.sites ?? []} />
      </Form>
    </Modal>
  );
}
