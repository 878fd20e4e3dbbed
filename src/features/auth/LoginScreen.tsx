import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { LightButton } from '../ui/LightButton';
import type { SnackbarText } from '../ui/uiSlice';
import { AuthCard } from './AuthCard';
import { useLoginMutation, useRequestResetPasswordMutation } from './authEndpoints';
import { PasskeySignInButton } from './PasskeySignInButton';
import { authErrorText, FormMessage } from './FormMessage';
import { LightField, LightForm, Stack, SubmitAndBack } from './LoginFields';
import { SecondFactorStep } from './SecondFactorStep';
import { loginStepChanged, passwordErrorRaised, selectLoginStep, selectPasswordError } from './loginSlice';

/**
 * The login screen's steps (spec §2, §4): login, forgot-password, reset-password-done, and the second
 * factor's verification between a right password and the session. It is the
 * first screen most visitors load, so it is built from light parts (LoginFields, LightButton, FormMessage) without antd.
 */
export function LoginScreen() {
  const step = useAppSelector(selectLoginStep);
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loginStepChanged('login'));
  }, [dispatch]);
  if (step === 'forgot-password') return <ForgotPasswordStep />;
  if (step === 'reset-password-done') return <ResetRequestedStep />;
  if (step === 'second-factor') return <SecondFactorStep />;
  return <LoginStep />;
}

function LoginStep() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const passwordError = useAppSelector(selectPasswordError);
  const [login, { isLoading }] = useLoginMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  async function submit() {
    const values = { username: username.trim(), password: password.trim() };
    if (!values.username || !values.password) {
      setMessage({ id: 'auth.login.required' });
      dispatch(passwordErrorRaised());
      return;
    }
    setMessage(null);
    const result = await login(values);
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.login.title" />}>
      <FormMessage message={message} />
      <LightForm onSubmit={() => void submit()}>
        <UsernameField value={username} onChange={setUsername} />
        <LightField
          password
          label={intl.formatMessage({ id: 'auth.password' })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          status={passwordError ? 'error' : undefined}
          autoComplete="current-password"
          data-password-error={passwordError}
        />
        <Stack>
          <LightButton type="primary" htmlType="submit" block loading={isLoading}>
            <FormattedMessage id="auth.login.submit" />
          </LightButton>
          <PasskeySignInButton onMessage={setMessage} />
          <LightButton
            type="link"
            onClick={() => dispatch(loginStepChanged('forgot-password'))}
            style={{ padding: 0, alignSelf: 'flex-start' }}
          >
            <FormattedMessage id="auth.login.forgotPassword" />
          </LightButton>
          <span>
            <FormattedMessage id="auth.login.noAccount" />{' '}
            <Link to={ROUTE_PATHS.registerEmailVerification} className="app-link">
              <FormattedMessage id="auth.login.join" />
            </Link>
          </span>
        </Stack>
      </LightForm>
    </AuthCard>
  );
}

/** The username field both steps start with (focused, so Enter submits at once). */
function UsernameField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const intl = useIntl();
  return (
    <LightField
      label={intl.formatMessage({ id: 'auth.username' })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="username"
      autoFocus
    />
  );
}

/** Where the mailed reset link should point: this app's reset route (the server only accepts its own origin). */
function resetTargetUrl(): string {
  return `${window.location.origin}/reset-password/`;
}

function ForgotPasswordStep() {
  const dispatch = useAppDispatch();
  const [requestReset, { isLoading }] = useRequestResetPasswordMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [username, setUsername] = useState('');

  async function submit() {
    const trimmed = username.trim();
    if (!trimmed) {
      setMessage({ id: 'auth.forgot.required' });
      return;
    }
    setMessage(null);
    const result = await requestReset({ username: trimmed, targeturl: resetTargetUrl() });
    if ('error' in result) setMessage(authErrorText(result.error));
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.forgot.title" />}>
      <p style={{ margin: '0 0 1em' }}>
        <FormattedMessage id="auth.forgot.intro" />
      </p>
      <FormMessage message={message} />
      <LightForm onSubmit={() => void submit()}>
        <UsernameField value={username} onChange={setUsername} />
        <SubmitAndBack
          submitId="auth.forgot.submit"
          loading={isLoading}
          onBack={() => dispatch(loginStepChanged('login'))}
        />
      </LightForm>
    </AuthCard>
  );
}

function ResetRequestedStep() {
  const dispatch = useAppDispatch();
  return (
    <AuthCard title={<FormattedMessage id="auth.done.title" />}>
      <p style={{ margin: '0 0 1em' }}>
        <FormattedMessage id="auth.done.text" />
      </p>
      <LightButton type="primary" onClick={() => dispatch(loginStepChanged('login'))}>
        <FormattedMessage id="auth.goToLogin" />
      </LightButton>
    </AuthCard>
  );
}
