import type { FastifyInstance } from 'fastify';
import { SITE_PATHS } from '../../../src/contract/Sites';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { languageOf } from '../../services/i18n/ServerTranslator';
import { UnknownParcelsError } from '../../services/reports/loadSubjects';
import { SiteRefusedError } from '../../services/sites/LandSites';
import { sendQuotaDenied } from './parcels/parcelReplies';
import { contentDisposition } from './reportRoutes';

/**
 * `egrids=A&egrids=B…`: distinct EGRIDs (CH and upper-case digits or letters). The count (2–20) is the
 * service's check, so its refusal is a sentence the reply hook translates; the schema only caps the input.
 */
const siteQuerySchema = {
  type: 'object',
  required: ['egrids'],
  additionalProperties: false,
  properties: {
    egrids: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', pattern: '^CH[0-9A-Z]{4,20}$' },
    },
  },
} as const;

interface SiteQuery {
  egrids: string[];
}

/**
 * Land assembly under /v1/secure (ADR 037): `GET maps/site` answers a site of 2–20 neighbouring parcels
 * (a full view of each parcel, as the comparison counts). Fewer or more parcels, or parcels that are not
 * all neighbours, are a 400 with a translated sentence (and the separate groups); unknown EGRIDs a 404
 * naming them. `GET maps/site/pdf` and `maps/site/dxf` download the site report and the site DXF (a
 * report download of each parcel, once per period, as the parcel report counts; all or none).
 */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof UnknownParcelsError)
      return reply.code(404).send({ error: true, message: error.message, errorMessage: error.message });
    if (error instanceof SiteRefusedError)
      return reply
        .code(400)
        .send({ error: true, message: error.message, errorMessage: error.message, groups: error.groups });
    throw error;
  });
  const options = { preHandler: requireRole(ctx), schema: { querystring: siteQuerySchema } };

  app.get<{ Querystring: SiteQuery }>(`/${SITE_PATHS.figures}`, options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const outcome = await ctx.landSites.site(
      authUser(request).id,
      request.query.egrids,
      languageOf(request.headers.langcode),
    );
    return outcome.ok ? outcome.site : sendQuotaDenied(reply, outcome.denied);
  });

  for (const format of ['pdf', 'dxf'] as const) {
    app.get<{ Querystring: SiteQuery }>(`/${SITE_PATHS[format]}`, options, async (request, reply) => {
      const outcome = await ctx.landSites.file(
        authUser(request).id,
        request.query.egrids,
        format,
        languageOf(request.headers.langcode),
      );
      if (!outcome.ok) return sendQuotaDenied(reply, outcome.denied);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', outcome.file.fileName))
        .type(outcome.file.contentType)
        .send(outcome.file.body);
    });
  }
}
