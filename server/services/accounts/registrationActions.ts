import {
  type ActivationKeyResponse,
  type EmailVerificationResponse,
  type RegisterRequest,
  type RegisterResponse,
  LANGUAGE_CODES,
} from '../../../src/contract/Accounts';
import { passwordStrengthScore, REQUIRED_PASSWORD_STRENGTH } from '../../../src/lib/validation/password';
import { type UserRecord, UsernameTakenError } from '../../store/contract/users/UserStore';
import { composeAccountMail, accountLink } from '../mail/composeAccountMail';
import { ALL_MAILS } from './rateLimits';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import { text, isEmailAddress, accountKeys, passwordHasher } from './credentials';
import { checkPasswordPolicy } from './passwordPolicy';
import { toProfile, withMapUserRole } from './profile';
import type { AccountKit } from './accountKit';

/** Self-registration (spec §2): the verification mail, the activation key, the activation form. */
export function registrationActions(kit: AccountKit) {
  const { config, users, keys, unitOfWork, now, enforce, issueKey, deliverLater, newSessionToken } = kit;
  return {
    async requestVerification(
      body: { email?: string },
      ip: string,
      language: string,
    ): Promise<EmailVerificationResponse> {
      const email = text(body.email);
      if (!email || !isEmailAddress(email)) throw new AccountError(400, M.emailRequired);
      await enforce(
        ['verificationPerIp', ip],
        ['verificationPerEmail', email.toLowerCase()],
        ['accountMails', ALL_MAILS],
      );
      const existing = await users.findByUsername(email);
      if (existing) {
        deliverLater(
          composeAccountMail({
            kind: 'alreadyRegistered',
            to: existing.email,
            language: existing.defaultLanguage,
            name: existing.name,
            link: accountLink(config.publicUrl, 'login'),
          }),
        );
      } else {
        const key = await issueKey('verification', email, null);
        deliverLater(
          composeAccountMail({
            kind: 'verification',
            to: email,
            language,
            link: accountLink(config.publicUrl, 'register/activate', key),
            ttlSeconds: config.keyTtlSeconds.verification,
          }),
        );
      }
      return { verification: true, error: false, message: M.verificationSent };
    },

    async checkActivationKey(keyValue: string): Promise<ActivationKeyResponse> {
      const key = await keys.findValid('verification', accountKeys.hash(keyValue), now());
      if (!key || (await users.findByUsername(key.email))) {
        throw new AccountError(400, M.activationKeyInvalid, { success: false });
      }
      return { success: true, email: key.email, error: false, message: M.activationKeyValid };
    },

    async register(body: Partial<RegisterRequest>): Promise<RegisterResponse> {
      const fields = {
        name: text(body.name),
        phone: text(body.phone),
        defaultLanguage: text(body.defaultLanguage),
        companyName: text(body.companyName),
        companyAddress: text(body.companyAddress),
        username: text(body.username),
      };
      // Trimmed like every password (login trims too), so a trailing space cannot lock the account out.
      const password = text(body.password);
      const confirmPassword = text(body.confirmPassword);
      const required = [
        fields.companyName,
        fields.name,
        fields.companyAddress,
        fields.username,
        password,
        confirmPassword,
        fields.defaultLanguage,
      ];
      if (required.some((value) => value === '')) throw new AccountError(400, M.fillAllFields);
      if (password !== confirmPassword) throw new AccountError(400, M.passwordsDiffer);
      // The activation form's score (spec §5) implies the strong-password rule; the policy adds the
      // refusal of common passwords.
      if (passwordStrengthScore(password) < REQUIRED_PASSWORD_STRENGTH)
        throw new AccountError(400, M.weakPassword);
      checkPasswordPolicy(password);
      if (!(LANGUAGE_CODES as readonly string[]).includes(fields.defaultLanguage)) {
        throw new AccountError(400, M.languageInvalid);
      }
      const keyHash = accountKeys.hash(text(body.activationKey));
      const key = await keys.findValid('verification', keyHash, now());
      if (!key) throw new AccountError(400, M.activationKeyInvalid);
      if (fields.username.toLowerCase() !== key.email.toLowerCase())
        throw new AccountError(400, M.usernameMustBeEmail);
      const passwordHash = await passwordHasher.hash(password);
      let user: UserRecord;
      try {
        user = await unitOfWork(async () => {
          if (!(await keys.consume('verification', keyHash, now())))
            throw new AccountError(400, M.activationKeyInvalid);
          return users.create({
            ...fields,
            username: key.email,
            email: key.email,
            passwordHash,
            status: 'active',
            roles: withMapUserRole(),
          });
        });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new AccountError(409, M.accountExists);
        throw error;
      }
      return {
        token: await newSessionToken(user),
        user: toProfile(user),
        error: false,
        message: M.registered,
      };
    },
  };
}
