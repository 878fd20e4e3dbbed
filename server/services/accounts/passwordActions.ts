import type {
  MessageResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
} from '../../../src/contract/Accounts';
import type { UserRecord } from '../../store/contract/users/UserStore';
import { composeAccountMail, accountLink } from '../mail/composeAccountMail';
import { ALL_MAILS } from './rateLimits';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import {
  text,
  passwordHasher,
  checkPasswordPair,
  KEYED_PASSWORD,
  CHANGED_PASSWORD,
  type PasswordPair,
} from './credentials';
import type { AccountKit } from './accountKit';

/** Passwords: the reset mail and form, the settings change, and the operator's set-password. */
export function passwordActions(kit: AccountKit) {
  const {
    config,
    users,
    keys,
    unitOfWork,
    log,
    sessions,
    now,
    enforce,
    issueKey,
    deliverLater,
    ssoToken,
    mustFindUser,
    setPasswordWithKey,
    reauthenticate,
  } = kit;
  return {
    async requestPasswordReset(
      body: { username?: string; targeturl?: string },
      ip: string,
    ): Promise<MessageResponse> {
      const username = text(body.username);
      if (!username) throw new AccountError(400, M.usernameRequired);
      await enforce(
        ['resetPerIp', ip],
        ['resetPerAccount', username.toLowerCase()],
        ['accountMails', ALL_MAILS],
      );
      // The look-up, the key and the mail happen after the reply, for known and unknown accounts alike:
      // the request path does the same work either way, so its timing says nothing about the account.
      setImmediate(async () => {
        try {
          const user = await users.findByUsername(username);
          if (!user || user.status !== 'active') return;
          const key = await unitOfWork(async () => {
            await keys.revokeForUser('reset', user.id, now());
            return issueKey('reset', user.email, user.id);
          });
          deliverLater(
            composeAccountMail({
              kind: 'reset',
              to: user.email,
              language: user.defaultLanguage,
              name: user.name,
              link: accountLink(config.publicUrl, 'reset-password', key, body.targeturl),
              ttlSeconds: config.keyTtlSeconds.reset,
            }),
          );
        } catch (error) {
          log.error({ err: error }, 'a password reset could not be prepared');
        }
      });
      return { error: false, message: M.resetRequested };
    },

    async resetPassword(body: PasswordPair & { key?: string }): Promise<MessageResponse> {
      const password = checkPasswordPair(body, KEYED_PASSWORD);
      await setPasswordWithKey('reset', text(body.key), password, M.resetKeyInvalid);
      return { error: false, message: M.passwordReset };
    },

    /**
     * Sets a new password and ends every other session of the account; `sessionId` (the caller's) stays.
     * Needs the current password, or a sign-in of this session within the last 15 minutes.
     */
    async updatePassword(
      userId: string,
      body: PasswordPair & Pick<UpdatePasswordRequest, 'currentPassword' | 'currentCode' | 'currentPasskey'>,
      sessionId: string,
    ): Promise<UpdatePasswordResponse> {
      const password = checkPasswordPair(body, CHANGED_PASSWORD);
      const current = await mustFindUser(userId);
      await reauthenticate(current, text(body.currentPassword), sessionId, 'password', {
        code: text(body.currentCode),
        passkey: body.currentPasskey,
      });
      const passwordHash = await passwordHasher.hash(password);
      const user = await unitOfWork(async () => {
        await sessions.revokeAllForUser(userId, sessionId);
        return users.setPassword(userId, passwordHash);
      });
      // The owner hears of it at the account's address, in case it was not them.
      deliverLater(
        composeAccountMail({
          kind: 'passwordChanged',
          to: user.email,
          language: user.defaultLanguage,
          name: user.name,
          link: accountLink(config.publicUrl, 'login'),
        }),
      );
      return { error: false, message: M.passwordUpdated, token: await ssoToken(user, sessionId) };
    },

    async setPassword(username: string, password: string): Promise<UserRecord> {
      const user = await users.findByUsername(username);
      if (!user) throw new AccountError(404, `No account with the username ${username}`);
      const passwordHash = await passwordHasher.hash(text(password));
      return unitOfWork(async () => {
        await sessions.revokeAllForUser(user.id);
        return users.setPassword(user.id, passwordHash);
      });
    },
  };
}
