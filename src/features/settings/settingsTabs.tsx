import type { ReactNode } from 'react';
import type { Profile } from '../../contract/Profile';
import type { RoleRequirement } from '../../lib/accessCheck';
import { ApiKeysTab } from '../apiKeys/ApiKeysTab';
import { CompanyApiKeysTab } from '../apiKeys/CompanyApiKeysTab';
import { CouponAdminTab } from '../coupons/CouponAdminTab';
import { ProfileTab } from './ProfileTab';
import { SignatureTab } from './signature/SignatureTab';
import { SitesTab } from './SitesTab';
import { TwoFactorPanel } from './twoFactor/TwoFactorPanel';
import { UsersTab } from './users/UsersTab';

/** One tab of the settings screen: who sees it (the access check of spec §6) and what it renders. */
export interface SettingsTab {
  key: string;
  /** Translation key of the tab's label. */
  labelId: string;
  /** Roles that see the tab; empty for everyone on the screen (MAPUSER). The server checks again. */
  requires: RoleRequirement;
  render(profile: Profile): ReactNode;
}

/**
 * The settings tabs in order. Spec §6: admins (the dashboard user type admin) also see the accessible
 * sites and the signature editor; the Users tab is the administrators' account management. Adding a
 * tab (e.g. another administrators' tool) is one line here.
 */
export const SETTINGS_TABS: SettingsTab[] = [
  {
    key: 'profile',
    labelId: 'settings.tab.profile',
    requires: null,
    render: (profile) => <ProfileTab profile={profile} />,
  },
  { key: 'security', labelId: 'settings.tab.twoFactor', requires: null, render: () => <TwoFactorPanel /> },
  { key: 'api-keys', labelId: 'settings.tab.apiKeys', requires: null, render: () => <ApiKeysTab /> },
  { key: 'sites', labelId: 'settings.tab.sites', requires: 'ADMIN', render: () => <SitesTab /> },
  { key: 'signature', labelId: 'settings.tab.signature', requires: 'ADMIN', render: () => <SignatureTab /> },
  { key: 'users', labelId: 'settings.tab.users', requires: 'ADMIN', render: () => <UsersTab /> },
  { key: 'coupons', labelId: 'settings.tab.coupons', requires: 'ADMIN', render: () => <CouponAdminTab /> },
  {
    key: 'company-api-keys',
    labelId: 'settings.tab.companyApiKeys',
    requires: 'ADMIN',
    render: () => <CompanyApiKeysTab />,
  },
];
