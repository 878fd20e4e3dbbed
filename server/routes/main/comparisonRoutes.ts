import type { FastifyInstance } from 'fastify';
import {
  COMPARISON_MAX_PARCELS,
  COMPARISON_MIN_PARCELS,
  SITE_EGRID_SEPARATOR,
} from '../../../src/contract/Comparison';
import { SITE_MAX_PARCELS } from '../../../src/contract/Sites';
import { SiteRefusedError } from '../../services/sites/LandSites';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { languageOf } from '../../services/i18n/ServerTranslator';
import { UnknownParcelsError } from '../../services/reports/loadSubjects';
import { sendQuotaDenied } from './parcels/parcelReplies';
import { contentDisposition } from './reportRoutes';

/**
 * `egrids=A&egrids=B+C…`: 2 to 5 distinct columns, each an EGRID (CH and upper-case digits or letters) or
 * a site of 2–20 EGRIDs joined by `+` (percent-encoded in a query). Whether a site's parcels are neighbours
 * is the service's check (400 with the site panel's sentence).
 */
const comparisonQuery = {
  type: 'object',
  required: ['egrids'],
  additionalProperties: false,
  properties: {
    egrids: {
      type: 'array',
      minItems: COMPARISON_MIN_PARCELS,
      maxItems: COMPARISON_MAX_PARCELS,
      uniqueItems: true,
      items: {
        type: 'string',
        maxLength: 20 * 23,
        pattern: `^CH[0-9A-Z]{4,20}(\\${SITE_EGRID_SEPARATOR}CH[0-9A-Z]{4,20}){0,${SITE_MAX_PARCELS - 1}}$`,
      },
    },
  },
} as const;

interface ComparisonQuery {
  egrids: string[];
}

/**
 * The parcel comparison under /v1/secure (ADR 031): `GET compare` answers the aligned rows of 2–5
 * parcels in the `langcode` language (a full view of each parcel, as the drawer counts); `GET
 * compare/pdf` downloads them as one landscape PDF (a report download of each parcel, once per period,
 * as the parcel report counts). Unknown EGRIDs are a 404 naming them; fewer than 2 or more than 5 a 400.
 */
export async function comparisonRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SiteRefusedError)
      return reply
        .code(400)
        .send({ error: true, message: error.message, errorMessage: error.message, groups: error.groups });
    if (!(error instanceof UnknownParcelsError)) throw error;
    return reply.code(404).send({ error: true, message: error.message, errorMessage: error.message });
  });
  const options = { preHandler: requireRole(ctx), schema: { querystring: comparisonQuery } };

  app.get<{ Querystring: ComparisonQuery }>('/compare', options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const outcome = await ctx.comparisons.compare(
      authUser(request).id,
      request.query.egrids,
      languageOf(request.headers.langcode),
    );
    return outcome.ok ? outcome.comparison : sendQuotaDenied(reply, outcome.denied);
  });

  app.get<{ Querystring: ComparisonQuery }>('/compare/pdf', options, async (request, reply) => {
    const outcome = await ctx.comparisons.pdf(
      authUser(request).id,
      request.query.egrids,
      languageOf(request.headers.langcode),
    );
    if (!outcome.ok) return sendQuotaDenied(reply, outcome.denied);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', outcome.file.fileName))
      .type('application/pdf')
      .send(outcome.file.body);
  });
}
