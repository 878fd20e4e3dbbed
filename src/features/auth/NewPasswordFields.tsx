import { Button, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GoToLoginButton } from './AuthCard';

/** The raw values of a new-password form; antd leaves untouched fields undefined. */
export interface NewPasswordValues {
  password?: string;
  confirmPassword?: string;
}

/** The password pair as sent: both trimmed, missing ones empty. */
export function trimmedPasswords(values: NewPasswordValues): { password: string; confirmPassword: string } {
  return { password: (values.password ?? '').trim(), confirmPassword: (values.confirmPassword ?? '').trim() };
}

export interface NewPasswordFieldsProps {
  passwordLabelId: string;
  passwordHint?: ReactNode;
  submitId: string;
  loading: boolean;
  /** After a refused submit the form offers the way back to login (spec §2, §8). */
  failed: boolean;
}

/** The new password, its confirmation and the submit row shared by the invitation and reset forms. */
export function NewPasswordFields({
  passwordLabelId,
  passwordHint,
  submitId,
  loading,
  failed,
}: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <Form.Item name="password" label={intl.formatMessage({ id: passwordLabelId })} extra={passwordHint}>
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item name="confirmPassword" label={intl.formatMessage({ id: 'auth.confirmPassword' })}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={loading}>
          <FormattedMessage id={submitId} />
        </Button>
        {failed && <GoToLoginButton />}
      </Space>
    </>
  );
}
