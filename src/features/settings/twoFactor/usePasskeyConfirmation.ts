import type { AuthenticationResponseJSON } from '../../../contract/TwoFactor';
import { authErrorText } from '../../auth/FormMessage';
import type { SnackbarText } from '../../ui/uiSlice';
import { useGetTwoFactorStatusQuery, usePasskeyConfirmationOptionsMutation } from './twoFactorEndpoints';

export type PasskeyConfirmation =
  | { passkey?: AuthenticationResponseJSON; refused?: undefined }
  | { passkey?: undefined; refused: SnackbarText };

/**
 * A sensitive change (e-mail, password) of an account whose second factor is a passkey only: before the
 * change is sent, the browser signs the server's confirmation challenge with one of its passkeys. An
 * account with an authenticator app types its code instead (CurrentCodeField); one without a second
 * factor needs nothing.
 */
export function usePasskeyConfirmation() {
  const { data: status } = useGetTwoFactorStatusQuery();
  const [options] = usePasskeyConfirmationOptionsMutation();
  const needed = Boolean(status && !status.totp && status.passkeys.length > 0);

  async function confirm(): Promise<PasskeyConfirmation> {
    if (!needed) return {};
    const challenge = await options();
    if ('error' in challenge) return { refused: authErrorText(challenge.error) };
    try {
      // Loaded on demand, as on the login screen.
      const { startAuthentication } = await import(
        /* webpackChunkName: "passkeys" */ '@simplewebauthn/browser'
      );
      return { passkey: await startAuthentication({ optionsJSON: challenge.data }) };
    } catch {
      return { refused: { id: 'settings.passkeyConfirmation.cancelled' } };
    }
  }

  return { needed, confirm };
}
