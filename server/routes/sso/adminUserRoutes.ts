import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type {
  AdminUserQuery,
  SaveSiteRequest,
  SetRolesRequest,
  SetSitesRequest,
  SiteListResponse,
} from '../../../src/contract/Settings';
import { hasSiteAccess } from '../../../src/lib/accessCheck';
import { authUser, requireRole } from '../../http/requireRole';

const userParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const SITE_ID = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

/**
 * The administrators' account management on the SSO host: every route requires ADMIN (SUPER
 * passes the access check too) and every change is audited by the service.
 */
export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admin = requireRole(ctx, 'ADMIN', 'sso');
  const { userAdmin } = ctx;

  /** GET /api/admin/users?search=&page=&size= → a page of accounts with roles, sites, plan, last login, lock. */
  app.get<{ Querystring: AdminUserQuery }>(
    '/api/admin/users',
    {
      preHandler: admin,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            search: { type: 'string', maxLength: 200 },
            page: { type: 'integer', minimum: 1, maximum: 100000 },
            size: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
      },
    },
    (request) => userAdmin.list(request.query),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/users/:id/resend-invitation',
    { preHandler: admin, schema: { params: userParams } },
    (request) => userAdmin.resendInvitation(authUser(request), request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/users/:id/unlock',
    { preHandler: admin, schema: { params: userParams } },
    (request) => userAdmin.unlock(authUser(request), request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/users/:id/end-sessions',
    { preHandler: admin, schema: { params: userParams } },
    (request) => userAdmin.endSessions(authUser(request), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: SetRolesRequest }>(
    '/api/admin/users/:id/roles',
    {
      preHandler: admin,
      schema: {
        params: userParams,
        body: {
          type: 'object',
          required: ['roles'],
          properties: {
            roles: {
              type: 'array',
              maxItems: 50,
              items: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^,\\s]+$' },
            },
          },
        },
      },
    },
    (request) => userAdmin.setRoles(authUser(request), request.params.id, request.body.roles),
  );

  app.post<{ Params: { id: string }; Body: SetSitesRequest }>(
    '/api/admin/users/:id/sites',
    {
      preHandler: admin,
      schema: {
        params: userParams,
        body: {
          type: 'object',
          required: ['sites'],
          properties: { sites: { type: 'array', maxItems: 500, items: SITE_ID } },
        },
      },
    },
    (request) => userAdmin.setSites(authUser(request), request.params.id, request.body.sites),
  );

  /** GET /api/admin/audit-log?userId=&page=&size= → newest entries first. */
  app.get<{ Querystring: { userId?: string; page?: number; size?: number } }>(
    '/api/admin/audit-log',
    {
      preHandler: admin,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            userId: { type: 'string', maxLength: 100 },
            page: { type: 'integer', minimum: 1, maximum: 100000 },
            size: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
      },
    },
    (request) =>
      ctx.audit.list({
        targetId: request.query.userId,
        page: request.query.page ?? 1,
        size: request.query.size ?? 20,
      }),
  );

  /** GET /api/admin/sites → every site (the list the Users tab grants from). */
  app.get('/api/admin/sites', { preHandler: admin }, async (): Promise<SiteListResponse> => {
    const requiring = new Set(await userAdmin.sitesRequiringTwoFactor());
    return {
      sites: (await userAdmin.allSites()).map((site) => ({
        siteID: site.id,
        name: site.name,
        twoFactorRequired: requiring.has(site.id),
      })),
    };
  });

  /** POST /api/admin/sites: siteID, name → creates or renames a site. */
  app.post<{ Body: SaveSiteRequest }>(
    '/api/admin/sites',
    {
      preHandler: admin,
      schema: {
        body: {
          type: 'object',
          required: ['siteID', 'name'],
          properties: {
            siteID: SITE_ID,
            name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
          },
        },
      },
    },
    (request) => userAdmin.saveSite(authUser(request), request.body),
  );

  /**
   * GET /api/user/accessible-sites (any signed-in account) → the sites the site check of spec §6 lets the
   * caller into: every site for ADMIN, the granted ones otherwise.
   */
  app.get(
    '/api/user/accessible-sites',
    { preHandler: requireRole(ctx, null, 'sso') },
    async (request): Promise<SiteListResponse> => {
      const user = await ctx.users.findById(authUser(request).id);
      const profile = { roles: user?.roles ?? [], sites: user?.sites ?? [] };
      return {
        sites: (await userAdmin.allSites())
          .filter((site) => hasSiteAccess(profile, site.id))
          .map((site) => ({ siteID: site.id, name: site.name })),
      };
    },
  );
}
