/** The raw values of a new-password form; antd leaves untouched fields undefined. */
export interface NewPasswordValues {
  password?: string;
  confirmPassword?: string;
}

/** The password pair as sent: both trimmed, missing ones empty. */
export function trimmedPasswords(values: NewPasswordValues): { password: string; confirmPassword: string } {
  return { password: (values.password ?? '').trim(), confirmPassword: (values.confirmPassword ?? '').trim() };
}
