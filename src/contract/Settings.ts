/** Requests and responses of the settings screen and the administrators' account management (spec §3, §7). */
import type { Site } from './Profile';

/** `GET /v1/secure/preferences/` (spec §3 Preference: emailSignature). */
export interface Preferences {
  /** Sanitised rich-text HTML; empty when none was saved. */
  emailSignature: string;
  /** The uploaded avatar (`GET /v1/secure/file-items/{id}`), or null: the top bar shows the letter. */
  avatarFileId: string | null;
  /** The IANA time zone the user's digests keep the reminder hours in. */
  timeZone: string;
}

/** The time zone of an account that chose none: the app's users are in Switzerland (spec §1). */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

/** `POST /v1/secure/preferences/time-zone`: one of the IANA zones the server knows. */
export interface SaveTimeZoneRequest {
  timeZone: string;
}

/** `POST /v1/secure/preferences/email-signature`. */
export interface SaveEmailSignatureRequest {
  emailSignature: string;
}

export interface SaveEmailSignatureResponse {
  error: boolean;
  message: string;
  /** The signature as stored, after the server's sanitising. */
  emailSignature?: string;
}

/** The upload types of `POST /v1/secure/file-items/{type}/upload`. */
export const FILE_ITEM_TYPES = ['signature-image', 'avatar'] as const;
export type FileItemType = (typeof FILE_ITEM_TYPES)[number];

/** Image types both upload types accept (checked by content, not by name). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Largest upload, bytes, per type. */
export const UPLOAD_MAX_BYTES: Record<FileItemType, number> = {
  'signature-image': 1024 * 1024,
  avatar: 1024 * 1024,
};

export interface UploadResponse {
  error: boolean;
  message: string;
  id?: string;
  /** Where the file can be read: public for signature images (they go out in mails), guarded for avatars. */
  url?: string;
  mime?: string;
  size?: number;
}

/** The administrator actions written to the audit log. */
export type AuditAction =
  | 'invite'
  | 'resend-invitation'
  | 'unlock'
  | 'set-roles'
  | 'set-sites'
  | 'end-sessions'
  | 'save-site'
  | 'site-two-factor'
  | 'email-change-requested'
  | 'email-change-confirmed'
  | 'email-change-undone'
  | 'password-changed'
  | 'list-shared'
  | 'list-unshared'
  | 'list-status-renamed'
  | 'saved-search-shared'
  | 'saved-search-unshared'
  | 'api-key-created'
  | 'api-key-revoked';

export interface AuditEntry {
  id: number;
  /** Epoch ms. */
  at: number;
  actorId: string | null;
  actorUsername: string;
  action: AuditAction;
  targetId: string | null;
  targetUsername: string | null;
  details: Record<string, unknown>;
}

export interface AuditLogPage {
  items: AuditEntry[];
  total: number;
}

/** One row of the Users tab. */
export interface AdminUser {
  id: string;
  username: string;
  email: string;
  name: string;
  status: 'active' | 'invited';
  roles: string[];
  sites: Site[];
  /** Product name of the subscription, or null. */
  plan: string | null;
  /** Epoch ms of the last sign-in, or null. */
  lastLoginAt: number | null;
  /** Held back by the login throttling (too many wrong passwords) until `lockedUntil`. */
  locked: boolean;
  lockedUntil: number | null;
}

export interface AdminUserQuery {
  search?: string;
  page?: number;
  size?: number;
}

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  page: number;
  size: number;
}

export const ADMIN_USERS_PAGE_SIZE = 20;

export interface SetRolesRequest {
  roles: string[];
}

export interface SetSitesRequest {
  sites: string[];
}

export interface AdminActionResponse {
  error: boolean;
  message: string;
  user?: AdminUser;
}

/** `GET /api/admin/sites` and `GET /api/user/accessible-sites`. */
export interface SiteListResponse {
  /** `twoFactorRequired`: in the administrators' list only. */
  sites: (Required<Site> & { twoFactorRequired?: boolean })[];
}

export interface SaveSiteRequest {
  siteID: string;
  name: string;
}

/** `POST /api/user/confirm-email-change` and `POST /api/user/undo-email-change`. */
export interface EmailChangeKeyRequest {
  key: string;
}
