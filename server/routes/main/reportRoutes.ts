import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OneTimeTokenResponse } from '../../../src/contract/Reports';
import { hasAccess } from '../../../src/lib/accessCheck';
import type { AppContext } from '../../AppContext';
import { authUser, bearerToken, requireRole } from '../../http/requireRole';
import { isServerLanguage, type ServerLanguage } from '../../services/i18n/ServerTranslator';
import type { PageMessage } from '../../services/reports/htmlPage';
import type { OneTimeTokenPurpose, TokenCheck } from '../../services/reports/OneTimeTokens';
import { REPORT_FILE_FORMATS, type ReportFileFormat } from '../../services/reports/ReportDocuments';
import type { ReportSubject } from '../../services/reports/ReportSubject';
import { QUOTA_DENIED_STATUS } from './parcels/parcelReplies';
import { PARCEL_NOT_FOUND } from './parcels/parcelDetailRoutes';

const prcIdParams = {
  type: 'object',
  required: ['prcid'],
  properties: { prcid: { type: 'string', minLength: 1, maxLength: 40 } },
} as const;

/** Every tab URL: all optional, so a missing part gets its explained page instead of a bare 400. */
const tabQuerystring = {
  type: 'object',
  properties: {
    prcid: { type: 'string', maxLength: 40 },
    lang: { type: 'string', maxLength: 8 },
    ott_token: { type: 'string', maxLength: 100 },
  },
} as const;

interface TabQuery {
  prcid?: string;
  lang?: string;
  ott_token?: string;
}

/** Which page a refused token gets, and its status. */
const TOKEN_REFUSALS: Record<
  Exclude<TokenCheck, { ok: true }>['reason'],
  { status: number; messageId: string }
> = {
  missing: { status: 401, messageId: 'report.page.noToken' },
  unknown: { status: 401, messageId: 'report.page.unknownToken' },
  used: { status: 410, messageId: 'report.page.usedToken' },
  expired: { status: 410, messageId: 'report.page.expiredToken' },
  wrongParcel: { status: 403, messageId: 'report.page.wrongParcel' },
  wrongPurpose: { status: 403, messageId: 'report.page.wrongParcel' },
};

const normalizeId = (id: string) => id.trim().toUpperCase();

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266), ASCII-safe either way. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Reports and exports (spec §7/§8):
 * - `GET maps/ai-report-token/:prcid` and `GET maps/export-token/:prcid` (bearer): a one-time token
 *   for the assessment page or a report file; refused with 402 LIMIT_REACHED_REPORT_DOWNLOAD when the
 *   parcel would need a download the plan no longer has (nothing is counted here);
 * - `GET ai-reports/generate-ai-report-for-plot` and `generate-ai-report` (the current selection) and
 *   `GET reports/{pdf,dxf,ifc}`, opened in a new tab with `prcid`, `lang` and `ott_token`: the document
 *   is made first, then the token is used and the download counted (once per parcel and period) in one
 *   unit of work, and the answer sent. Refusals are pages in the chosen language, never a 500.
 */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { documents, quota, tokens } = ctx.reports;
  const guard = requireRole(ctx);

  const issueRoute = (url: string, purpose: OneTimeTokenPurpose) =>
    app.get<{ Params: { prcid: string } }>(
      url,
      { preHandler: guard, schema: { params: prcIdParams } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = authUser(request);
        const prcId = normalizeId(request.params.prcid);
        if (!(await ctx.parcels.parcel(prcId))) {
          return reply
            .code(404)
            .send({ error: true, message: PARCEL_NOT_FOUND, errorMessage: PARCEL_NOT_FOUND });
        }
        const allowed = await quota.check(user.id, prcId);
        if (!allowed.ok) {
          return reply.code(QUOTA_DENIED_STATUS).send({
            error: true,
            errorCode: allowed.errorCode,
            errorMessage: allowed.message,
            message: allowed.message,
          });
        }
        const issued: OneTimeTokenResponse = await tokens.issue(
          { userId: user.id, sessionId: user.sessionId },
          prcId,
          purpose,
        );
        return issued;
      },
    );
  issueRoute('/maps/ai-report-token/:prcid', 'assessment');
  issueRoute('/maps/export-token/:prcid', 'export');

  const page = (reply: FastifyReply, language: ServerLanguage, status: number, message: PageMessage) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(documents.messagePage(language, message));

  const limitReached = (code: string): PageMessage => ({
    titleId: 'report.page.title',
    messageId: 'report.page.limitReached',
    code,
    link: { labelId: 'plan.dialog.upgrade', href: '/plans' },
  });

  /**
   * The checks every tab runs before making its document: a token, a parcel, a token valid for both,
   * a session still open with the map role, and no other user's bearer. Returns the subject or null
   * after answering.
   */
  async function admit(
    request: FastifyRequest<{ Querystring: TabQuery }>,
    reply: FastifyReply,
    language: ServerLanguage,
    purpose: OneTimeTokenPurpose,
    noTokenCode?: string,
  ): Promise<{ subject: ReportSubject; userId: string; token: string } | null> {
    const titleId = purpose === 'assessment' ? 'assessment.title' : 'report.page.title';
    const { ott_token: token, prcid } = request.query;
    if (!token) {
      await page(reply, language, 401, {
        titleId,
        messageId: purpose === 'assessment' ? 'report.page.noAiReport' : 'report.page.noToken',
        code: noTokenCode,
      });
      return null;
    }
    if (!prcid?.trim()) {
      await page(reply, language, 400, {
        titleId,
        messageId: 'report.page.noPlotSelected',
        code: 'no-plot-item-selected',
      });
      return null;
    }
    const prcId = normalizeId(prcid);
    const check = await tokens.check(token, prcId, purpose);
    if (!check.ok) {
      const refusal = TOKEN_REFUSALS[check.reason];
      await page(reply, language, refusal.status, { titleId, messageId: refusal.messageId });
      return null;
    }
    const { userId, sessionId } = check.holder;
    const user = await ctx.resolveSession({ sub: userId, sid: sessionId, username: '', roles: [] });
    if (!user || !hasAccess(user.roles, 'MAPUSER')) {
      await page(reply, language, 401, { titleId, messageId: 'report.page.sessionEnded' });
      return null;
    }
    // A request that does carry a bearer (a script, another account's tab) must be the token's user.
    const bearer = bearerToken(request);
    if (bearer) {
      const claims = await ctx.tokens.verify('main', bearer).catch(() => null);
      if (!claims || claims.sub !== userId) {
        await page(reply, language, 403, { titleId, messageId: 'report.page.wrongUser' });
        return null;
      }
    }
    // The quota is read before any document is made: a refused download costs no rendering. The count
    // itself happens with the token's use (commit), so parallel downloads still cannot overshoot.
    const allowed = await quota.check(userId, prcId);
    if (!allowed.ok) {
      await page(reply, language, QUOTA_DENIED_STATUS, limitReached(allowed.errorCode));
      return null;
    }
    const subject = await documents.subject(prcId);
    if (!subject) {
      await page(reply, language, 404, { titleId, messageId: 'report.page.notFound' });
      return null;
    }
    return { subject, userId, token };
  }

  /** Uses the token and counts the download together; the refusal page when either fails. */
  function commit(admitted: {
    subject: ReportSubject;
    userId: string;
    token: string;
  }): Promise<PageMessage | null> {
    return ctx.unitOfWork(async (): Promise<PageMessage | null> => {
      if (!(await tokens.take(admitted.token)))
        return { titleId: 'report.page.title', messageId: 'report.page.usedToken' };
      const counted = await quota.consume(admitted.userId, admitted.subject.parcel.PRC_ID);
      if (!counted.ok) return limitReached(counted.errorCode);
      return null;
    });
  }

  const languageOf = (query: TabQuery): ServerLanguage => (isServerLanguage(query.lang) ? query.lang : 'en');

  const assessmentRoute = (url: string) =>
    app.get<{ Querystring: TabQuery }>(
      url,
      { schema: { querystring: tabQuerystring } },
      async (request, reply) => {
        const language = languageOf(request.query);
        const admitted = await admit(request, reply, language, 'assessment', 'no-ai-report-available');
        if (!admitted) return reply;
        const html = documents.assessmentPage(admitted.subject, language);
        const refused = await commit(admitted);
        if (refused) return page(reply, language, refused.code ? QUOTA_DENIED_STATUS : 410, refused);
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      },
    );
  assessmentRoute('/ai-reports/generate-ai-report-for-plot');
  assessmentRoute('/ai-reports/generate-ai-report');

  app.get<{ Params: { format: ReportFileFormat }; Querystring: TabQuery }>(
    '/reports/:format',
    {
      schema: {
        params: {
          type: 'object',
          required: ['format'],
          properties: { format: { type: 'string', enum: [...REPORT_FILE_FORMATS] } },
        },
        querystring: tabQuerystring,
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query);
      const admitted = await admit(request, reply, language, 'export');
      if (!admitted) return reply;
      const file = await documents.file(admitted.subject, request.params.format, language);
      const refused = await commit(admitted);
      if (refused) return page(reply, language, refused.code ? QUOTA_DENIED_STATUS : 410, refused);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(file.disposition, file.fileName))
        .type(file.contentType)
        .send(file.body);
    },
  );
}
