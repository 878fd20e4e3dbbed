import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { email as emailRule } from '../../lib/validation/rules';
import type { SnackbarText } from '../ui/uiSlice';
import { AuthCard } from './AuthCard';
import { useEmailVerificationMutation } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';

/** Register start (`/register`, `/email-verification`): one e-mail field; the server mails an activation link. */
export function RegisterStartScreen() {
  const intl = useIntl();
  const [verify, { data, isLoading }] = useEmailVerificationMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit(values: { email?: string }) {
    const email = (values.email ?? '').trim();
    const invalid = email ? emailRule(email) : 'auth.register.emailRequired';
    if (invalid) {
      setMessage({ id: invalid });
      return;
    }
    setMessage(null);
    const result = await verify({ email });
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  if (data?.verification) {
    return (
      <AuthCard title={<FormattedMessage id="auth.register.title" />}>
        <Result
          status="success"
          title={<FormattedMessage id="auth.register.checkEmail" />}
          subTitle={data.message}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={<FormattedMessage id="auth.register.title" />}>
      <Typography.Paragraph>
        <FormattedMessage id="auth.register.intro" />
      </Typography.Paragraph>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="email" label={intl.formatMessage({ id: 'auth.register.email' })}>
          <Input inputMode="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          <FormattedMessage id="auth.register.verify" />
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <FormattedMessage id="auth.register.haveAccount" />{' '}
        <Link to={ROUTE_PATHS.login} className="app-link">
          <FormattedMessage id="auth.login.submit" />
        </Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
