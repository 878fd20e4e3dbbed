/**
 * A refusal the client should see: the app's error handler answers `statusCode` with
 * `{error: true, message}` (spec §8: "Response with error true: the server message is shown").
 */
export class AccountError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra reply fields, e.g. `{success: false}` for the activation-key check. */
    readonly extra: Record<string, unknown> = {},
    /** Seconds until a rate-limited caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The English texts the account API answers with. Quoted ones are spec §5/§8 texts, exactly. */
export const ACCOUNT_MESSAGES = {
  loginRequired: 'Please enter username and password',
  loginFailed: 'Invalid username or password',
  loginSucceeded: 'Login successful',
  emailRequired: 'Please provide valid email address to proceed with the registration',
  verificationSent:
    'We have sent a verification link to this address. Open it to complete your registration.',
  activationKeyInvalid: 'Invalid activation key. Activation key may have expired or already used',
  activationKeyValid: 'Email verification successful',
  fillAllFields: 'Please fill in all fields',
  passwordsDiffer: 'Password and Confirm Password do not match',
  weakPassword: 'Please choose a stronger password. Try a mix of letters, numbers, and symbols.',
  strongPasswordRule:
    'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit',
  commonPassword:
    'This password is too common and easy to guess. Please choose another one, not a common word with digits or symbols added',
  guessablePassword:
    'This password is easy to guess: a keyboard pattern, a word or a name with a few digits or symbols. Please choose a longer, less predictable one',
  languageInvalid: 'Preferred language must be one of en, de, fr, it',
  usernameMustBeEmail: 'The username must be the verified e-mail address',
  accountExists: 'An account with this e-mail already exists. Please log in',
  registered: 'Registration Successful',
  usernameRequired: 'Please enter username',
  resetRequested:
    'If an account exists for this username, we have e-mailed instructions to reset its password.',
  newPasswordRequired: 'Please enter new password',
  resetKeyInvalid: 'This password reset link is invalid, expired or already used. Please request a new one',
  passwordReset: 'Your password has been reset. You can now log in',
  inviteKeyInvalid: 'This invitation is invalid, expired or already used. Please ask for a new invitation',
  inviteAccepted: 'Invitation accepted. You can now log in',
  inviteDetailsRequired: 'Please provide the name and a valid e-mail address of the person to invite',
  invitationSent: 'Invitation sent',
  invitationMailFailed:
    'The invitation e-mail could not be sent. Please check the mail settings and try again',
  passwordFieldsRequired: 'Please enter password and confirm password',
  passwordsDifferSettings: 'Password and confirm password do not match',
  passwordUpdated: 'Password updated successfully',
  profileEmailRequired: 'Email is required',
  emailInvalid: 'E-mail must be valid',
  profileSaved: 'Profile saved',
  currentPasswordForEmail: 'Please enter your current password to change your e-mail address',
  currentPasswordForPassword: 'Please enter your current password to change your password',
  currentPasswordWrong: 'The current password is not correct',
  emailChangePending: (email: string) =>
    `Profile saved. We have sent a link to ${email}: your e-mail address changes when you open it`,
  emailTaken: 'This e-mail address is already used by another account',
  emailChangeKeyInvalid: 'This link is invalid, expired or already used',
  emailChanged: 'Your e-mail address has been changed',
  emailChangeUndone:
    'The e-mail change was undone. For your safety every session has ended: please log in and change your password',
  emailChangeCancelled: 'The e-mail change was cancelled. Your e-mail address stays as it was',
  serverBusy: 'The server is busy. Please try again in a moment',
  secondFactorRequired: 'Please confirm your sign-in with your second factor',
  secondFactorCodeRequired: 'Please enter the code from your authenticator app or a recovery code',
  secondFactorWrong: 'This code is not correct or was used already',
  pendingLoginInvalid: 'Your sign-in has expired. Please enter your username and password again',
  totpAlreadyEnabled: 'Two-factor sign-in with an authenticator app is already set up',
  totpNotStarted: 'Please start the set-up of the authenticator app first',
  totpEnabled: 'Two-factor sign-in is set up. Keep your recovery codes in a safe place',
  totpNotEnabled: 'Two-factor sign-in with an authenticator app is not set up',
  totpDisabled: 'Two-factor sign-in with an authenticator app is turned off',
  recoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work',
  totpRequiredBySite: 'Your company requires two-factor sign-in: it cannot be turned off',
  passkeyNotFound: 'This passkey does not exist',
  passkeyNameInvalid: 'Please give the passkey a name (at most 60 characters)',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyRenamed: 'Passkey renamed',
  passkeyFailed: 'The passkey could not be verified. Please try again',
  passkeyRequired: 'Please confirm this change with one of your passkeys',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again`,
} as const;
