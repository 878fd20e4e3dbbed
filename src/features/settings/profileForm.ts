import type { SaveProfileRequest } from '../../contract/Accounts';
import type { Profile } from '../../contract/Profile';

/** The editable profile fields as the form holds them (antd leaves untouched fields undefined). */
export interface ProfileFormValues {
  name?: string;
  email?: string;
  phone?: string;
  companyName?: string;
  companyAddress?: string;
  defaultLanguage?: string;
  currentPassword?: string;
  currentCode?: string;
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    companyName: profile.companyName ?? '',
    companyAddress: profile.companyAddress ?? '',
    defaultLanguage: profile.defaultLanguage ?? 'en',
  };
}

/** Whether the form's e-mail is a different address (then the current password is asked for). */
export function emailChanged(profile: Profile, email: string | undefined): boolean {
  return (email ?? '').trim().toLowerCase() !== profile.email.trim().toLowerCase();
}

/** The `POST /profile` body: trimmed values; the current password only with a new address. */
export function saveProfileRequest(profile: Profile, values: ProfileFormValues): SaveProfileRequest {
  const trim = (value: string | undefined) => (value ?? '').trim();
  const email = trim(values.email);
  return {
    name: trim(values.name),
    email,
    phone: trim(values.phone),
    companyName: trim(values.companyName),
    companyAddress: trim(values.companyAddress),
    defaultLanguage: values.defaultLanguage ?? profile.defaultLanguage ?? 'en',
    ...(emailChanged(profile, email) && trim(values.currentPassword)
      ? { currentPassword: trim(values.currentPassword) }
      : {}),
    ...(emailChanged(profile, email) && trim(values.currentCode)
      ? { currentCode: trim(values.currentCode) }
      : {}),
  };
}
