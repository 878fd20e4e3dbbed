import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../store/hooks';
import type { PasskeySummary } from '../../../contract/TwoFactor';
import { authErrorText, FormMessage } from '../../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../../ui/uiSlice';
import {
  useAddPasskeyMutation,
  usePasskeyRegistrationOptionsMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from './twoFactorEndpoints';

/** The account's passkeys: each named, renamable, removable; a new one is made by the browser (WebAuthn). */
export function PasskeyList({ passkeys }: { passkeys: PasskeySummary[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ name: string }>();
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add, { isLoading: adding }] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [rename, { isLoading: renaming }] = useRenamePasskeyMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);

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

  async function saveName() {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      setMessage({ id: 'settings.passkeys.nameRequired' });
      return;
    }
    const result = await rename({ id: editing.id, name });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      return;
    }
    setMessage(null);
    setEditing(null);
    dispatch(showSnackbar('success', { id: 'settings.passkeys.renamed' }));
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
              <Button
                key="rename"
                type="text"
                icon={<EditOutlined />}
                aria-label={`${intl.formatMessage({ id: 'settings.passkeys.rename' })}: ${passkey.name}`}
                onClick={() => setEditing({ id: passkey.id, name: passkey.name })}
              />,
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
              title={
                editing?.id === passkey.id ? (
                  <Flex gap={8} wrap>
                    <Input
                      autoFocus
                      value={editing.name}
                      maxLength={60}
                      aria-label={intl.formatMessage({ id: 'settings.passkeys.newName' })}
                      onChange={(event) => setEditing({ id: passkey.id, name: event.target.value })}
                      onPressEnter={() => void saveName()}
                      style={{ maxWidth: 240 }}
                    />
                    <Button type="primary" size="small" loading={renaming} onClick={() => void saveName()}>
                      <FormattedMessage id="settings.passkeys.saveName" />
                    </Button>
                    <Button size="small" onClick={() => setEditing(null)}>
                      <FormattedMessage id="settings.password.back" />
                    </Button>
                  </Flex>
                ) : (
                  passkey.name
                )
              }
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
