import type { MessageResponse } from '../../../src/contract/Accounts';
import { type UserRecord, UsernameTakenError } from '../../store/contract/users/UserStore';
import { accountLink, composeAccountMail } from '../mail/composeAccountMail';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import type { AccountKit } from './accountKit';
import { accountKeys, text } from './credentials';
import { ALL_MAILS } from './rateLimits';

/** How long the old address can undo a change: long enough for someone back from a week away. */
export const EMAIL_CHANGE_UNDO_TTL_SECONDS = 14 * 24 * 3600;

/**
 * E-mail changes (ADR 014): the new address is verified before it replaces the old one, and the
 * old address gets a notice with a single-use undo link, so a stolen token cannot quietly move the account
 * (and its password resets) to another mailbox.
 */
export function emailChangeActions(kit: AccountKit) {
  const { config, users, emailChanges, unitOfWork, sessions, now, enforce, deliverLater } = kit;

  async function usernameTaken(newEmail: string, user: UserRecord): Promise<boolean> {
    const holder = await users.findByUsername(newEmail);
    return holder !== null && holder.id !== user.id;
  }

  return {
    /**
     * Starts a change of `user`'s address to `newEmail` (the caller has re-authenticated): mails the
     * confirmation link to the new address and the notice with the undo link to the old one.
     */
    async requestEmailChange(user: UserRecord, newEmail: string): Promise<void> {
      const usernameFollows = user.username.toLowerCase() === user.email.toLowerCase();
      // A taken address is answered like any other, so the reply says nothing about other accounts: the
      // change waits for a confirmation that never comes, and the address's owner is told instead.
      const taken = usernameFollows && (await usernameTaken(newEmail, user));
      await enforce(['verificationPerEmail', newEmail.toLowerCase()], ['accountMails', ALL_MAILS]);
      const confirm = accountKeys.create();
      const undo = accountKeys.create();
      const at = now();
      await unitOfWork(() =>
        emailChanges.start(
          {
            userId: user.id,
            oldEmail: user.email,
            newEmail,
            usernameFollows,
            confirmKeyHash: confirm.hash,
            undoKeyHash: undo.hash,
            confirmExpiresAt: at + config.keyTtlSeconds.verification * 1000,
            undoExpiresAt: at + EMAIL_CHANGE_UNDO_TTL_SECONDS * 1000,
          },
          at,
        ),
      );
      const common = { language: user.defaultLanguage, name: user.name };
      const owner = taken ? await users.findByUsername(newEmail) : null;
      deliverLater(
        owner
          ? composeAccountMail({
              kind: 'emailTakenNotice',
              to: owner.email,
              language: owner.defaultLanguage,
              name: owner.name,
              link: accountLink(config.publicUrl, 'login'),
            })
          : composeAccountMail({
              ...common,
              kind: 'emailChangeConfirm',
              to: newEmail,
              link: accountLink(config.publicUrl, 'email-change/confirm', confirm.key),
              ttlSeconds: config.keyTtlSeconds.verification,
            }),
      );
      deliverLater(
        composeAccountMail({
          ...common,
          kind: 'emailChangeNotice',
          to: user.email,
          email: newEmail,
          link: accountLink(config.publicUrl, 'email-change/undo', undo.key),
          ttlSeconds: EMAIL_CHANGE_UNDO_TTL_SECONDS,
        }),
      );
    },

    /** The new address opened its link: the change takes effect (once). */
    async confirmEmailChange(keyValue: string): Promise<MessageResponse> {
      const hash = accountKeys.hash(text(keyValue));
      const change = await emailChanges.findPendingByConfirmKey(hash, now());
      if (!change) throw new AccountError(400, M.emailChangeKeyInvalid);
      await unitOfWork(async () => {
        if (!(await emailChanges.markApplied(change.id, now())))
          throw new AccountError(400, M.emailChangeKeyInvalid);
        const user = await users.findById(change.userId);
        if (!user) throw new AccountError(400, M.emailChangeKeyInvalid);
        try {
          await users.changeEmail(
            user.id,
            change.newEmail,
            change.usernameFollows ? change.newEmail : user.username,
          );
        } catch (error) {
          if (error instanceof UsernameTakenError) throw new AccountError(409, M.emailTaken);
          throw error;
        }
      });
      return { error: false, message: M.emailChanged };
    },

    /**
     * The old address opened its undo link: a pending change is cancelled; an applied one is reversed and
     * every session of the account ends, since someone else may hold it.
     */
    async undoEmailChange(keyValue: string): Promise<MessageResponse> {
      const hash = accountKeys.hash(text(keyValue));
      const change = await emailChanges.findUndoable(hash, now());
      if (!change) throw new AccountError(400, M.emailChangeKeyInvalid);
      return unitOfWork(async (): Promise<MessageResponse> => {
        if (!(await emailChanges.end(change.id, now()))) throw new AccountError(400, M.emailChangeKeyInvalid);
        const user = await users.findById(change.userId);
        if (!user) throw new AccountError(400, M.emailChangeKeyInvalid);
        if (change.appliedAt === null) return { error: false, message: M.emailChangeCancelled };
        const username = change.usernameFollows ? change.oldEmail : user.username;
        const taken = await usernameTaken(username, user);
        await users.changeEmail(user.id, change.oldEmail, taken ? user.username : username);
        await sessions.revokeAllForUser(user.id);
        return { error: false, message: M.emailChangeUndone };
      });
    },

    /** The address waiting for confirmation, shown in the settings. */
    pendingEmail: (userId: string): Promise<string | null> => emailChanges.pendingEmail(userId, now()),
  };
}

export type EmailChangeActions = ReturnType<typeof emailChangeActions>;
