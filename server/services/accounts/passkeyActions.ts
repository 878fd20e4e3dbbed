import type { MessageResponse } from '../../../src/contract/Accounts';
import type {
  PasskeyRegistrationRequest,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '../../../src/contract/TwoFactor';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import type { AccountKit } from './accountKit';
import { text } from './credentials';

/** A registration or a confirmation must be answered within this time. */
const REGISTRATION_TTL_MS = 5 * 60 * 1000;
const MAX_NAME_LENGTH = 60;

function passkeyName(value: string | undefined): string {
  const name = text(value);
  if (!name || name.length > MAX_NAME_LENGTH) throw new AccountError(400, M.passkeyNameInvalid);
  return name;
}

/** The passkeys of an account in Settings: add (named) through WebAuthn, rename, remove. */
export function passkeyActions(kit: AccountKit) {
  const { twoFactor, passkeys, mustFindUser, secondFactorCheck, now } = kit;
  return {
    /** The browser's `navigator.credentials.create` options; the challenge is kept for `addPasskey`. */
    async passkeyRegistrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const user = await mustFindUser(userId);
      const options = await passkeys.registrationOptions(user.username, await twoFactor.listPasskeys(userId));
      await twoFactor.saveChallenge(userId, options.challenge, now() + REGISTRATION_TTL_MS);
      return options;
    },

    /**
     * The challenge one of the account's passkeys signs to confirm a sensitive change (e-mail, password):
     * kept in the account's one challenge slot until `reauthenticate` spends it.
     */
    async passkeyConfirmationOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const keys = await twoFactor.listPasskeys(userId);
      if (keys.length === 0) throw new AccountError(400, M.passkeyNotFound);
      const options = await passkeys.authenticationOptions(keys);
      await twoFactor.saveChallenge(userId, options.challenge, now() + REGISTRATION_TTL_MS);
      return options;
    },

    async addPasskey(userId: string, body: Partial<PasskeyRegistrationRequest>): Promise<MessageResponse> {
      const name = passkeyName(body.name);
      const challenge = await twoFactor.takeChallenge(userId, now());
      const credential =
        challenge && body.response ? await passkeys.verifyRegistration(body.response, challenge) : null;
      if (!credential || (await twoFactor.findPasskey(credential.id))) {
        throw new AccountError(400, M.passkeyFailed);
      }
      await twoFactor.addPasskey({ ...credential, userId, name, createdAt: now(), lastUsedAt: null });
      return { error: false, message: M.passkeyAdded };
    },

    async renamePasskey(userId: string, id: string, body: { name?: string }): Promise<MessageResponse> {
      if (!(await twoFactor.renamePasskey(userId, id, passkeyName(body.name)))) {
        throw new AccountError(404, M.passkeyNotFound);
      }
      return { error: false, message: M.passkeyRenamed };
    },

    /** Refused when the company requires a second factor and this is the account's last one. */
    async removePasskey(userId: string, id: string): Promise<MessageResponse> {
      const keys = await twoFactor.listPasskeys(userId);
      if (!keys.some((key) => key.id === id)) throw new AccountError(404, M.passkeyNotFound);
      const lastFactor = keys.length === 1 && !(await secondFactorCheck.hasTotp(userId));
      if (lastFactor && (await twoFactor.isRequired(userId)))
        throw new AccountError(403, M.totpRequiredBySite);
      await twoFactor.removePasskey(userId, id);
      return { error: false, message: M.passkeyRemoved };
    },
  };
}
