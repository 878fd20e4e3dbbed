import type { InviteRequest, MessageResponse } from '../../../src/contract/Accounts';
import type {
  AdminActionResponse,
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  SaveSiteRequest,
} from '../../../src/contract/Settings';
import { ADMIN_USERS_PAGE_SIZE } from '../../../src/contract/Settings';
import { parseRole } from '../../../src/lib/accessCheck';
import type { UnitOfWork } from '../../store/contract/Stores';
import type { AccountDirectory, DirectoryRow } from '../../store/contract/settings/AccountDirectory';
import type { SiteRecord, SiteStore } from '../../store/contract/settings/SiteStore';
import type { UserRecord, UserStore } from '../../store/contract/users/UserStore';
import type { TwoFactorStore } from '../../store/contract/twoFactor/TwoFactorStore';
import { AccountError } from '../accounts/AccountError';
import type { AccountService } from '../accounts/createAccountService';
import { withMapUserRole } from '../accounts/profile';
import type { Actor, AuditLog } from '../audit/AuditLog';
import type { PreferenceService } from '../preferences/PreferenceService';
import type { SessionService } from '../sessions/SessionService';

export const ADMIN_MESSAGES = {
  userNotFound: 'No such account',
  notInvited: 'This account has already accepted its invitation',
  ownAdminRole: 'You cannot remove your own administrator role',
  superOnly: 'Only a SUPER user can grant or remove the SUPER role',
  unknownSites: (ids: string[]) => `Unknown site: ${ids.join(', ')}`,
  invitationResent: 'Invitation sent again',
  unlocked: 'Account unlocked',
  rolesSaved: 'Roles saved',
  sitesSaved: 'Sites saved',
  sessionsEnded: 'Every session of this account has ended',
  siteSaved: 'Site saved',
  twoFactorRequired: 'Every account of this site must now sign in with two factors',
  twoFactorOptional: 'Two-factor sign-in is now optional for this site',
} as const;

export interface UserAdministrationDeps {
  users: UserStore;
  sites: SiteStore;
  twoFactor: Pick<TwoFactorStore, 'setSiteRequirement' | 'requiringSites'>;
  directory: AccountDirectory;
  accounts: Pick<AccountService, 'invite' | 'loginLock'>;
  sessions: Pick<SessionService, 'revokeAllForUser'>;
  preferences: Pick<PreferenceService, 'mailSignature'>;
  audit: AuditLog;
  unitOfWork: UnitOfWork;
  now?: () => number;
}

const isSuper = (roles: readonly string[]) => roles.some((role) => parseRole(role).name === 'SUPER');
const isAdmin = (roles: readonly string[]) => roles.some((role) => parseRole(role).name === 'ADMIN');

/**
 * The administrators' account management (the HR-system labels of spec §1): list, invite,
 * resend, unlock, roles, sites, end sessions. The routes check the ADMIN role; every change here is
 * written to the audit log in the same unit of work as the change itself.
 */
export function createUserAdministration(deps: UserAdministrationDeps) {
  const { users, sites, twoFactor, directory, accounts, sessions, preferences, audit, unitOfWork } = deps;
  const now = deps.now ?? (() => Date.now());

  async function mustFind(userId: string): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AccountError(404, ADMIN_MESSAGES.userNotFound);
    return user;
  }

  async function toAdminUser(row: DirectoryRow, user: UserRecord): Promise<AdminUser> {
    const until = await accounts.loginLock.blockedUntil(user.username);
    const locked = until > now();
    return {
      ...row,
      sites: user.sites,
      locked,
      lockedUntil: locked ? until : null,
    };
  }

  async function adminUser(userId: string): Promise<AdminUser> {
    const user = await mustFind(userId);
    const row = await directory.find(userId);
    if (!row) throw new AccountError(404, ADMIN_MESSAGES.userNotFound);
    return toAdminUser(row, user);
  }

  const done = async (message: string, userId: string): Promise<AdminActionResponse> => ({
    error: false,
    message,
    user: await adminUser(userId),
  });

  async function checkSites(siteIds: readonly string[]) {
    const unknown = await sites.unknown(siteIds);
    if (unknown.length > 0) throw new AccountError(400, ADMIN_MESSAGES.unknownSites(unknown));
  }

  return {
    async list(query: AdminUserQuery): Promise<AdminUserPage> {
      const size = Math.min(100, Math.max(1, query.size ?? ADMIN_USERS_PAGE_SIZE));
      const page = Math.max(1, query.page ?? 1);
      const { rows, total } = await directory.page({
        search: query.search ?? '',
        limit: size,
        offset: (page - 1) * size,
      });
      const items = await Promise.all(rows.map(async (row) => toAdminUser(row, await mustFind(row.id))));
      return { items, total, page, size };
    },

    /** Invites with the administrator's e-mail signature appended to the mail. */
    async invite(actor: Actor, body: Partial<InviteRequest>): Promise<MessageResponse> {
      if (body.sites?.length) await checkSites(body.sites);
      const {
        link: _link,
        user,
        ...reply
      } = await accounts.invite(body, await preferences.mailSignature(actor.id));
      await audit.record(actor, 'invite', user, {
        roles: user.roles,
        sites: user.sites.map((s) => s.siteID),
      });
      return reply;
    },

    async resendInvitation(actor: Actor, userId: string): Promise<AdminActionResponse> {
      const user = await mustFind(userId);
      if (user.status !== 'invited') throw new AccountError(409, ADMIN_MESSAGES.notInvited);
      await accounts.invite(
        {
          email: user.email,
          name: user.name,
          roles: user.roles,
          sites: user.sites.map((site) => site.siteID),
          language: user.defaultLanguage as InviteRequest['language'],
        },
        await preferences.mailSignature(actor.id),
      );
      await audit.record(actor, 'resend-invitation', user);
      return done(ADMIN_MESSAGES.invitationResent, userId);
    },

    async unlock(actor: Actor, userId: string): Promise<AdminActionResponse> {
      const user = await mustFind(userId);
      await unitOfWork(async () => {
        await accounts.loginLock.unlock(user.username);
        await audit.record(actor, 'unlock', user);
      });
      return done(ADMIN_MESSAGES.unlocked, userId);
    },

    async setRoles(
      actor: Actor & { roles: readonly string[] },
      userId: string,
      roles: string[],
    ): Promise<AdminActionResponse> {
      const user = await mustFind(userId);
      const next = withMapUserRole(roles);
      if (isSuper(next) !== isSuper(user.roles) && !isSuper(actor.roles)) {
        throw new AccountError(400, ADMIN_MESSAGES.superOnly);
      }
      if (user.id === actor.id && isAdmin(user.roles) && !isAdmin(next) && !isSuper(next)) {
        throw new AccountError(400, ADMIN_MESSAGES.ownAdminRole);
      }
      await unitOfWork(async () => {
        await users.setRoles(userId, next);
        await audit.record(actor, 'set-roles', user, { from: user.roles, to: next });
      });
      return done(ADMIN_MESSAGES.rolesSaved, userId);
    },

    async setSites(actor: Actor, userId: string, siteIds: string[]): Promise<AdminActionResponse> {
      const user = await mustFind(userId);
      const next = [...new Set(siteIds.map((id) => id.trim()).filter(Boolean))];
      await checkSites(next);
      await unitOfWork(async () => {
        await users.setSites(userId, next);
        await audit.record(actor, 'set-sites', user, { from: user.sites.map((s) => s.siteID), to: next });
      });
      return done(ADMIN_MESSAGES.sitesSaved, userId);
    },

    async endSessions(actor: Actor, userId: string): Promise<AdminActionResponse> {
      const user = await mustFind(userId);
      await unitOfWork(async () => {
        await sessions.revokeAllForUser(userId);
        await audit.record(actor, 'end-sessions', user);
      });
      return done(ADMIN_MESSAGES.sessionsEnded, userId);
    },

    async saveSite(
      actor: Actor,
      site: SaveSiteRequest,
    ): Promise<{ error: false; message: string; site: SiteRecord }> {
      const saved = await unitOfWork(async () => {
        const record = await sites.save({ id: site.siteID.trim(), name: site.name.trim() });
        await audit.record(actor, 'save-site', null, { siteID: record.id, name: record.name });
        return record;
      });
      return { error: false, message: ADMIN_MESSAGES.siteSaved, site: saved };
    },

    allSites: (): Promise<SiteRecord[]> => sites.list(),

    /** The sites whose accounts must sign in with two factors. */
    sitesRequiringTwoFactor: (): Promise<string[]> => twoFactor.requiringSites(),

    /** Requires (or stops requiring) a second factor of every account granted the site. */
    async setSiteTwoFactor(actor: Actor, siteId: string, required: boolean): Promise<AdminActionResponse> {
      if ((await sites.unknown([siteId])).length > 0) {
        throw new AccountError(404, ADMIN_MESSAGES.unknownSites([siteId]));
      }
      await unitOfWork(async () => {
        await twoFactor.setSiteRequirement(siteId, required, now());
        await audit.record(actor, 'site-two-factor', null, { siteID: siteId, required });
      });
      return {
        error: false,
        message: required ? ADMIN_MESSAGES.twoFactorRequired : ADMIN_MESSAGES.twoFactorOptional,
      };
    },
  };
}

export type UserAdministration = ReturnType<typeof createUserAdministration>;
