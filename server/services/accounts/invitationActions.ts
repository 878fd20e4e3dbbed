import type { CheckInviteResponse, InviteRequest, MessageResponse } from '../../../src/contract/Accounts';
import { type UserRecord, UsernameTakenError } from '../../store/contract/users/UserStore';
import { composeAccountMail, accountLink } from '../mail/composeAccountMail';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import {
  text,
  isEmailAddress,
  accountKeys,
  passwordHasher,
  checkPasswordPair,
  KEYED_PASSWORD,
  type PasswordPair,
} from './credentials';
import { withMapUserRole } from './profile';
import type { AccountKit } from './accountKit';

export interface NewAccount {
  username: string;
  email?: string;
  password: string;
  name?: string;
  roles?: string[];
}

/** Accounts made by an administrator or operator: invitations and the CLI's create. */
export function invitationActions(kit: AccountKit) {
  const { config, users, keys, unitOfWork, mailer, log, now, issueKey, setPasswordWithKey } = kit;
  return {
    /**
     * Creates (or re-invites) an account without a password and mails it an invitation link, signed with
     * the inviting administrator's e-mail signature when there is one.
     */
    async invite(
      body: Partial<InviteRequest>,
      signature: { html: string; text: string } | null = null,
    ): Promise<MessageResponse & { link: string; user: UserRecord }> {
      const email = text(body.email);
      const name = text(body.name);
      if (!name || !isEmailAddress(email)) throw new AccountError(400, M.inviteDetailsRequired);
      const language = body.language ?? 'en';
      const details = {
        name,
        roles: withMapUserRole(body.roles),
        sites: (body.sites ?? []).map((siteID) => ({ siteID: String(siteID) })),
        defaultLanguage: language,
      };
      const { user, key } = await unitOfWork(async () => {
        const existing = await users.findByUsername(email);
        if (existing && existing.status === 'active') throw new AccountError(409, M.accountExists);
        const invited = existing
          ? await users.updateInvitation(existing.id, details)
          : await users.create({ ...details, username: email, email, passwordHash: null, status: 'invited' });
        await keys.revokeForUser('invite', invited.id, now());
        return { user: invited, key: await issueKey('invite', email, invited.id) };
      }).catch((error: unknown) => {
        // Another request created the account between the look-up and the insert.
        if (error instanceof UsernameTakenError) throw new AccountError(409, M.accountExists);
        throw error;
      });
      // The mail's link opens the app in the invitation's language (`?lang=`); the CLI prints the same.
      const mail = composeAccountMail({
        kind: 'invite',
        to: user.email,
        language,
        name: user.name,
        link: accountLink(config.publicUrl, 'invite', key),
        ttlSeconds: config.keyTtlSeconds.invite,
        signature,
      });
      const { link } = mail;
      try {
        await mailer.send(mail);
      } catch (error) {
        log.error({ err: error, to: user.email }, 'sending an invitation failed');
        throw new AccountError(502, M.invitationMailFailed);
      }
      return { error: false, message: M.invitationSent, link, user };
    },

    async checkInvite(keyValue: string): Promise<CheckInviteResponse> {
      const key = await keys.findValid('invite', accountKeys.hash(keyValue), now());
      const user = key?.userId ? await users.findById(key.userId) : null;
      if (!user || user.status !== 'invited') throw new AccountError(400, M.inviteKeyInvalid);
      return { username: user.username, email: user.email, name: user.name };
    },

    async acceptInvite(body: PasswordPair & { key?: string }): Promise<MessageResponse> {
      const password = checkPasswordPair(body, KEYED_PASSWORD);
      await setPasswordWithKey('invite', text(body.key), password, M.inviteKeyInvalid);
      return { error: false, message: M.inviteAccepted };
    },

    /** For operators (`npm run users -- create`): an active account with a password, no mail involved. */
    async createUser(account: NewAccount): Promise<UserRecord> {
      const passwordHash = await passwordHasher.hash(text(account.password));
      try {
        return await users.create({
          username: account.username,
          email: account.email ?? account.username,
          name: account.name ?? '',
          passwordHash,
          status: 'active',
          roles: withMapUserRole(account.roles),
        });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new AccountError(409, error.message);
        throw error;
      }
    },
  };
}
