import { Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ROUTE_PATHS } from '../../app/routePaths';
import type { SnackbarText } from '../ui/uiSlice';
import { AuthCard } from './AuthCard';
import { useLoginMutation, useRequestResetPasswordMutation } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';
import { loginStepChanged, passwordErrorRaised, selectLoginStep, selectPasswordError } from './loginSlice';

/** The login screen's three steps (spec §2, §4): login, forgot-password, reset-password-done. */
export function LoginScreen() {
  const step = useAppSelector(selectLoginStep);
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loginStepChanged('login'));
  }, [dispatch]);
  if (step === 'forgot-password') return <ForgotPasswordStep />;
  if (step === 'reset-password-done') return <ResetRequestedStep />;
  return <LoginStep />;
}

function LoginStep() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const passwordError = useAppSelector(selectPasswordError);
  const [login, { isLoading }] = useLoginMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit(values: { username?: string; password?: string }) {
    const username = (values.username ?? '').trim();
    const password = (values.password ?? '').trim();
    if (!username || !password) {
      setMessage({ id: 'auth.login.required' });
      dispatch(passwordErrorRaised());
      return;
    }
    setMessage(null);
    const result = await login({ username, password });
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.login.title" />}>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={intl.formatMessage({ id: 'auth.username' })}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={intl.formatMessage({ id: 'auth.password' })}
          validateStatus={passwordError ? 'error' : undefined}
        >
          <Input.Password autoComplete="current-password" data-password-error={passwordError} />
        </Form.Item>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            <FormattedMessage id="auth.login.submit" />
          </Button>
          <Button
            type="link"
            onClick={() => dispatch(loginStepChanged('forgot-password'))}
            style={{ padding: 0 }}
          >
            <FormattedMessage id="auth.login.forgotPassword" />
          </Button>
          <Typography.Text>
            <FormattedMessage id="auth.login.noAccount" />{' '}
            <Link to={ROUTE_PATHS.registerEmailVerification}>
              <FormattedMessage id="auth.login.join" />
            </Link>
          </Typography.Text>
        </Space>
      </Form>
    </AuthCard>
  );
}

/** Where the mailed reset link should point: this app's reset route (the server only accepts its own origin). */
function resetTargetUrl(): string {
  return `${window.location.origin}/reset-password/`;
}

function ForgotPasswordStep() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [requestReset, { isLoading }] = useRequestResetPasswordMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);

  async function submit(values: { username?: string }) {
    const username = (values.username ?? '').trim();
    if (!username) {
      setMessage({ id: 'auth.forgot.required' });
      return;
    }
    setMessage(null);
    const result = await requestReset({ username, targeturl: resetTargetUrl() });
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.forgot.title" />}>
      <Typography.Paragraph>
        <FormattedMessage id="auth.forgot.intro" />
      </Typography.Paragraph>
      <FormMessage message={message} />
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={intl.formatMessage({ id: 'auth.username' })}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
          <Button onClick={() => dispatch(loginStepChanged('login'))}>
            <FormattedMessage id="auth.back" />
          </Button>
        </Space>
      </Form>
    </AuthCard>
  );
}

function ResetRequestedStep() {
  const dispatch = useAppDispatch();
  return (
    <AuthCard title={<FormattedMessage id="auth.done.title" />}>
      <Typography.Paragraph>
        <FormattedMessage id="auth.done.text" />
      </Typography.Paragraph>
      <Button type="primary" onClick={() => dispatch(loginStepChanged('login'))}>
        <FormattedMessage id="auth.goToLogin" />
      </Button>
    </AuthCard>
  );
}
