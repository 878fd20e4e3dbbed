import type { FastifyInstance } from 'fastify';
import { COMPARISON_MAX_PARCELS, COMPARISON_MIN_PARCELS } from '../../../src/contract/Comparison';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { languageOf } from '../../services/i18n/ServerTranslator';
import { UnknownParcelsError } from '../../services/reports/loadSubjects';
import { sendQuotaDenied } from './parcels/parcelReplies';
import { contentDisposition } from './reportRoutes';

/** `egrids=A&egrids=B…`: 2 to 5 distinct EGRIDs (CH and upper-case digits or letters). */
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
      items: { type: 'string', pattern: '^CH[0-9A-Z]{4,20}$' },
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
