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
import type { UnitOfWork } from '../../store/Stores';
import type { AccountDirectory, DirectoryRow } from '../../store/settings/AccountDirectory';
import type { SiteRecord, SiteStore } from '../../store/settings/SiteStore';
import type { UserRecord, UserStore } from '../../store/users/UserStore';
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
} as const;

export interface UserAdministrationDeps {
  users: UserStore;
  sites: SiteStore;
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
 * The administrators' account management (issue 13; the HR-system labels of spec §1): list, invite,
 * resend, unlock, roles, sites, end sessions. The routes check the ADMIN role; every change here is
 * written to the audit log in the same unit of work as the change itself.
 */
export function createUserAdministration(deps: UserAdministrationDeps) {
  const { users, sites, directory, accounts, sessions, preferences, audit, unitOfWork } = deps;
  const now = deps.now ?? (() => Date.now());

  function mustFind(userId: string): UserRecord {
    const user = users.findById(userId);
    if (!user) throw new AccountError(404, ADMIN_MESSAGES.userNotFound);
    return user;
  }

  function toAdminUser(row: DirectoryRow, user: UserRecord): AdminUser {
    const until = accounts.loginLock.blockedUntil(user.username);
    const locked = until > now();
    return {
      ...row,
      sites: user.sites,
      locked,
      lockedUntil: locked ? until : null,
    };
  }

  function adminUser(userId: string): AdminUser {
    const user = mustFind(userId);
    const row = directory.find(userId);
    if (!row) throw new AccountError(404, ADMIN_MESSAGES.userNotFound);
    return toAdminUser(row, user);
  }

  const done = (message: string, userId: string): AdminActionResponse => ({
    error: false,
    message,
    user: adminUser(userId),
  });

  function checkSites(siteIds: readonly string[]) {
    const unknown = sites.unknown(siteIds);
    if (unknown.length > 0) throw new AccountError(400, ADMIN_MESSAGES.unknownSites(unknown));
  }

  return {
    list(query: AdminUserQuery): AdminUserPage {
      const size = Math.min(100, Math.max(1, query.size ?? ADMIN_USERS_PAGE_SIZE));
      const page = Math.max(1, query.page ?? 1);
      const { rows, total } = directory.page({
        search: query.search ?? '',
        limit: size,
        offset: (page - 1) * size,
      });
      return { items: rows.map((row) => toAdminUser(row, mustFind(row.id))), total, page, size };
    },

    /** Invites with the administrator's e-mail signature appended to the mail. */
    async invite(actor: Actor, body: Partial<InviteRequest>): Promise<MessageResponse> {
      if (body.sites?.length) checkSites(body.sites);
      const {
        link: _link,
        user,
        ...reply
      } = await accounts.invite(body, preferences.mailSignature(actor.id));
      audit.record(actor, 'invite', user, { roles: user.roles, sites: user.sites.map((s) => s.siteID) });
      return reply;
    },

    async resendInvitation(actor: Actor, userId: string): Promise<AdminActionResponse> {
      const user = mustFind(userId);
      if (user.status !== 'invited') throw new AccountError(409, ADMIN_MESSAGES.notInvited);
      await accounts.invite(
        {
          email: user.email,
          name: user.name,
          roles: user.roles,
          sites: user.sites.map((site) => site.siteID),
          language: user.defaultLanguage as InviteRequest['language'],
        },
        preferences.mailSignature(actor.id),
      );
      audit.record(actor, 'resend-invitation', user);
      return done(ADMIN_MESSAGES.invitationResent, userId);
    },

    unlock(actor: Actor, userId: string): AdminActionResponse {
      const user = mustFind(userId);
      unitOfWork(() => {
        accounts.loginLock.unlock(user.username);
        audit.record(actor, 'unlock', user);
      });
      return done(ADMIN_MESSAGES.unlocked, userId);
    },

    setRoles(
      actor: Actor & { roles: readonly string[] },
      userId: string,
      roles: string[],
    ): AdminActionResponse {
      const user = mustFind(userId);
      const next = withMapUserRole(roles);
      if (isSuper(next) !== isSuper(user.roles) && !isSuper(actor.roles)) {
        throw new AccountError(400, ADMIN_MESSAGES.superOnly);
      }
      if (user.id === actor.id && isAdmin(user.roles) && !isAdmin(next) && !isSuper(next)) {
        throw new AccountError(400, ADMIN_MESSAGES.ownAdminRole);
      }
      unitOfWork(() => {
        users.setRoles(userId, next);
        audit.record(actor, 'set-roles', user, { from: user.roles, to: next });
      });
      return done(ADMIN_MESSAGES.rolesSaved, userId);
    },

    setSites(actor: Actor, userId: string, siteIds: string[]): AdminActionResponse {
      const user = mustFind(userId);
      const next = [...new Set(siteIds.map((id) => id.trim()).filter(Boolean))];
      checkSites(next);
      unitOfWork(() => {
        users.setSites(userId, next);
        audit.record(actor, 'set-sites', user, { from: user.sites.map((s) => s.siteID), to: next });
      });
      return done(ADMIN_MESSAGES.sitesSaved, userId);
    },

    endSessions(actor: Actor, userId: string): AdminActionResponse {
      const user = mustFind(userId);
      unitOfWork(() => {
        sessions.revokeAllForUser(userId);
        audit.record(actor, 'end-sessions', user);
      });
      return done(ADMIN_MESSAGES.sessionsEnded, userId);
    },

    saveSite(actor: Actor, site: SaveSiteRequest): { error: false; message: string; site: SiteRecord } {
      const saved = unitOfWork(() => {
        const record = sites.save({ id: site.siteID.trim(), name: site.name.trim() });
        audit.record(actor, 'save-site', null, { siteID: record.id, name: record.name });
        return record;
      });
      return { error: false, message: ADMIN_MESSAGES.siteSaved, site: saved };
    },

    allSites: (): SiteRecord[] => sites.list(),
  };
}

export type UserAdministration = ReturnType<typeof createUserAdministration>;
