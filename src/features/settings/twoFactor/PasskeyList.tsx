import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import type { PasskeySummary } from '../../../contract/TwoFactor';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import {
  useAddPasskeyMutation,
  usePasskeyRegistrationOptionsMutation,
  useRemovePasskeyMutation,
} from './twoFactorEndpoints';

/** The account's passkeys: each named, removable; a new one is made by the browser (WebAuthn). */
export function PasskeyList({ passkeys }: { passkeys: PasskeySummary[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ name: string }>();
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add, { isLoading: adding }] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function addPasskey({ name }: { name?: string }) {
    const trimmed = (name ?? '').trim();
    if (!trimmed) {
      setMessage({ id: 'settings.passkeys.nameRequired' });
      return;
    }
    setMessage(null);
    const requested = await options();
    if ('error' in requested) {
      setMessage(authErrorText(requested.error));
      return;
    }
    let response;
    try {
      const { startRegistration } = await import(
        /* webpackChunkName: "passkeys" */ '@simplewebauthn/browser'
      );
      response = await startRegistration({ optionsJSON: requested.data });
    } catch {
      setMessage({ id: 'auth.secondFactor.passkeyCancelled' });
      return;
    }
    const result = await add({ name: trimmed, response });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    form.resetFields();
    dispatch(showSnackbar('success', { id: 'settings.passkeys.added' }));
  }

  async function removePasskey(id: string) {
    const result = await remove(id);
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  return (
    <Flex vertical gap={12}>
      <FormMessage message={message} />
      <List
        size="small"
        bordered
        dataSource={passkeys}
        locale={{
          emptyText: (
            <Typography.Text type="secondary">
              {intl.formatMessage({ id: 'settings.passkeys.empty' })}
            </Typography.Text>
          ),
        }}
        renderItem={(passkey) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title={intl.formatMessage({ id: 'settings.passkeys.removeConfirm' })}
                okText={intl.formatMessage({ id: 'settings.passkeys.remove' })}
                cancelText={intl.formatMessage({ id: 'settings.password.back' })}
                onConfirm={() => void removePasskey(passkey.id)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${intl.formatMessage({ id: 'settings.passkeys.remove' })}: ${passkey.name}`}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={passkey.name}
              description={
                <FormattedMessage
                  id="settings.passkeys.createdOn"
                  values={{ date: <FormattedDate value={passkey.createdAt} dateStyle="medium" /> }}
                />
              }
            />
          </List.Item>
        )}
      />
      <Form form={form} layout="inline" onFinish={(values) => void addPasskey(values)} requiredMark={false}>
        <Form.Item name="name" style={{ marginBottom: 8 }}>
          <Input
            placeholder={intl.formatMessage({ id: 'settings.passkeys.name' })}
            aria-label={intl.formatMessage({ id: 'settings.passkeys.name' })}
            maxLength={60}
          />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={adding}>
          <FormattedMessage id="settings.passkeys.add" />
        </Button>
      </Form>
    </Flex>
  );
}
