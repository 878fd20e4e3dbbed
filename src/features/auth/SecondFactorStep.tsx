import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LightButton } from '../ui/LightButton';
import type { SnackbarText } from '../ui/uiSlice';
import { AuthCard } from './AuthCard';
import { useCompleteSecondFactorMutation } from './authEndpoints';
import { authErrorText, FormMessage } from './FormMessage';
import { LightField, LightForm, Stack, SubmitAndBack } from './LoginFields';
import { loginStepChanged, selectPendingSecondFactor } from './loginSlice';

/**
 * The login's verification step: the password was right, the account has a second factor. A code of the
 * authenticator app or a recovery code, or a passkey; the session starts once the server accepts it.
 */
export function SecondFactorStep() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectPendingSecondFactor);
  const [complete, { isLoading }] = useCompleteSecondFactorMutation();
  const [message, setMessage] = useState<SnackbarText | null>(null);
  const [code, setCode] = useState('');
  if (!pending) return null;
  const { pendingLogin, methods, passkeyOptions } = pending;

  async function submitCode() {
    const trimmed = code.trim();
    if (!trimmed) {
      setMessage({ id: 'auth.secondFactor.codeRequired' });
      return;
    }
    setMessage(null);
    const result = await complete({ pendingLogin, code: trimmed });
    if ('error' in result) {
      setMessage(authErrorText(result.error));
      setCode('');
    }
  }

  async function signInWithPasskey() {
    if (!passkeyOptions) return;
    setMessage(null);
    try {
      // Loaded on demand: most sign-ins never need it, and the login screen is the first load.
      const { startAuthentication } = await import(
        /* webpackChunkName: "passkeys" */ '@simplewebauthn/browser'
      );
      const passkey = await startAuthentication({ optionsJSON: passkeyOptions });
      const result = await complete({ pendingLogin, passkey });
      if ('error' in result) setMessage(authErrorText(result.error));
    } catch {
      setMessage({ id: 'auth.secondFactor.passkeyCancelled' });
    }
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.secondFactor.title" />}>
      <p style={{ margin: '0 0 1em' }}>
        <FormattedMessage
          id={methods.includes('totp') ? 'auth.secondFactor.intro' : 'auth.secondFactor.passkeyIntro'}
        />
      </p>
      <FormMessage message={message} />
      <Stack>
        {methods.includes('passkey') && (
          <LightButton
            type={methods.includes('totp') ? 'default' : 'primary'}
            block
            onClick={() => void signInWithPasskey()}
          >
            <FormattedMessage id="auth.secondFactor.usePasskey" />
          </LightButton>
        )}
        {methods.includes('totp') && (
          <LightForm onSubmit={() => void submitCode()}>
            <LightField
              label={intl.formatMessage({ id: 'auth.secondFactor.code' })}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={40}
              autoFocus
            />
            <p style={{ margin: '-4px 0 12px', fontSize: 12, color: 'rgba(0, 0, 0, 0.65)' }}>
              <FormattedMessage id="auth.secondFactor.recoveryHint" />
            </p>
            <SubmitAndBack
              submitId="auth.secondFactor.submit"
              loading={isLoading}
              onBack={() => dispatch(loginStepChanged('login'))}
            />
          </LightForm>
        )}
      </Stack>
    </AuthCard>
  );
}
