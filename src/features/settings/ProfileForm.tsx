import { CurrentCodeField } from './twoFactor/CurrentCodeField';
import { usePasskeyConfirmation } from './twoFactor/usePasskeyConfirmation';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import { LANGUAGE_CODES } from '../../contract/Accounts';
import type { Profile } from '../../contract/Profile';
import { antdRule, email as emailRule } from '../../lib/validation/rules';
import { useSaveProfileMutation } from '../auth/authEndpoints';
import { authErrorText, FormMessage } from '../auth/FormMessage';
import { showSnackbar, type SnackbarText } from '../ui/uiSlice';
import { emailChanged, profileFormValues, saveProfileRequest, type ProfileFormValues } from './profileForm';

/**
 * The profile in edit mode: Save posts `POST /profile` and returns to read mode (spec §4); 'Email is
 * required' (spec §5); 'Error saving profile' on failure (spec §8), with the server's reason in the form.
 * A new e-mail address asks for the current password and waits for its confirmation link.
 */
export function ProfileForm({ profile, onDone }: { profile: Profile; onDone(): void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ProfileFormValues>();
  const [saveProfile, { isLoading }] = useSaveProfileMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const email = Form.useWatch('email', form);
  const changingEmail = emailChanged(profile, email ?? profile.email);
  const t = (id: string) => intl.formatMessage({ id });

  const passkeyConfirmation = usePasskeyConfirmation();

  async function submit(values: ProfileFormValues) {
    setMessage(null);
    const request = saveProfileRequest(profile, values);
    if (emailChanged(profile, request.email)) {
      const { passkey, refused } = await passkeyConfirmation.confirm();
      if (refused) {
        setMessage(refused);
        return;
      }
      if (passkey) request.currentPasskey = passkey;
    }
    const result = await saveProfile(request);
    if ('error' in result) {
      dispatch(showSnackbar('error', { id: 'settings.profile.saveError' }));
      setMessage(authErrorText(result.error));
      return;
    }
    dispatch(showSnackbar('success', { text: result.data.message }));
    onDone();
  }

  return (
    <>
      <FormMessage message={message} />
      <Form
        form={form}
        layout="vertical"
        initialValues={profileFormValues(profile)}
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="name" label={t('settings.profile.name')}>
          <Input autoComplete="name" maxLength={200} />
        </Form.Item>
        <Form.Item label={t('settings.profile.username')} htmlFor="settings-profile-username">
          <Input id="settings-profile-username" value={profile.username} disabled />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('settings.profile.email')}
          rules={[
            { required: true, whitespace: true, message: t('settings.profile.emailRequired') },
            antdRule(emailRule, intl),
          ]}
          extra={changingEmail ? t('settings.profile.emailChangeHint') : undefined}
        >
          <Input type="email" autoComplete="email" maxLength={320} />
        </Form.Item>
        {changingEmail && (
          <Form.Item
            name="currentPassword"
            label={t('settings.currentPassword')}
            rules={[{ required: true, message: t('settings.currentPasswordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        {changingEmail && <CurrentCodeField />}
        <Form.Item name="phone" label={t('settings.profile.phone')}>
          <Input autoComplete="tel" maxLength={50} />
        </Form.Item>
        <Form.Item name="companyName" label={t('settings.profile.companyName')}>
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>
        <Form.Item name="companyAddress" label={t('settings.profile.companyAddress')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="defaultLanguage" label={t('settings.profile.language')}>
          <Select
            options={LANGUAGE_CODES.map((code) => ({ value: code, label: t(`auth.language.${code}`) }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            <FormattedMessage id="settings.profile.save" />
          </Button>
          <Button onClick={onDone}>
            <FormattedMessage id="settings.profile.cancel" />
          </Button>
        </Flex>
      </Form>
    </>
  );
}
