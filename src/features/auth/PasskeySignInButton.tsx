import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { LightButton } from '../ui/LightButton';
import type { SnackbarText } from '../ui/uiSlice';
import { usePasskeySignInMutation, usePasskeySignInOptionsMutation } from './authEndpoints';
import { authErrorText } from './FormMessage';

/**
 * "Sign in with a passkey": no username or password, the browser offers the passkeys it holds for this
 * site and the chosen one verifies its user. Hidden where the browser has no WebAuthn.
 */
export function PasskeySignInButton({ onMessage }: { onMessage(message: SnackbarText | null): void }) {
  const [options] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const [busy, setBusy] = useState(false);
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;

  async function start() {
    onMessage(null);
    setBusy(true);
    try {
      const challenge = await options();
      if ('error' in challenge) {
        onMessage(authErrorText(challenge.error));
        return;
      }
      let passkey;
      try {
        // Loaded on demand: the login screen is the first load, and most sign-ins never need it.
        const { startAuthentication } = await import(
          /* webpackChunkName: "passkeys" */ '@simplewebauthn/browser'
        );
        passkey = await startAuthentication({ optionsJSON: challenge.data });
      } catch {
        onMessage({ id: 'auth.login.passkeyCancelled' });
        return;
      }
      const result = await signIn({ passkey });
      if ('error' in result) onMessage(authErrorText(result.error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <LightButton block loading={busy} onClick={() => void start()}>
      <FormattedMessage id="auth.login.withPasskey" />
    </LightButton>
  );
}
