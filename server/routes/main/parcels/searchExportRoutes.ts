import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIST_EXPORT_FORMATS, type ListExportFormat } from '../../../../src/contract/ParcelLists';
import {
  SEARCH_EXPORT_COUNT_HEADER,
  SEARCH_EXPORT_TOTAL_HEADER,
} from '../../../../src/contract/SearchParameters';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import { languageOf } from '../../../services/i18n/ServerTranslator';
import {
  hasCriteria,
  parseSearchQuery,
  SearchInputError,
  type RawQuery,
} from '../../../services/search/parseSearchQuery';
import type { ParcelQuery } from '../../../store/contract/parcels/ParcelQuery';
import { sendExport } from '../exportReplies';
import { sendQuotaDenied } from './parcelReplies';
import { searchQuerystringSchema } from './searchQuerystringSchema';

export const NOTHING_TO_EXPORT = 'Search for something before exporting its result';

const exportSchema = {
  params: {
    type: 'object',
    required: ['format'],
    properties: { format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] } },
  },
  querystring: searchQuerystringSchema,
} as const;

/**
 * maps/export/{format}: the search of the query string (the result list's filters and text), all its
 * pages up to SEARCH_EXPORT_CAP, as CSV, Excel, GeoPackage, GeoJSON or one DXF (services/exports).
 * The headers say how many parcels the file holds and how many the search matched.
 */
export async function searchExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { format: ListExportFormat } }>(
    '/maps/export/:format',
    { preHandler: requireRole(ctx), schema: exportSchema },
    async (request: FastifyRequest<{ Params: { format: ListExportFormat } }>, reply) => {
      let query: ParcelQuery;
      try {
        query = parseSearchQuery(request.query as RawQuery);
      } catch (error) {
        if (error instanceof SearchInputError)
          return reply.code(400).send({ error: true, message: error.message });
        throw error;
      }
      if (!hasCriteria(query)) return reply.code(400).send({ error: true, message: NOTHING_TO_EXPORT });
      const userId = authUser(request).id;
      const outcome = await ctx.searchExports.export(
        userId,
        query,
        request.params.format,
        languageOf(request.headers.langcode),
      );
      if (!outcome.ok) return sendQuotaDenied(reply, outcome.denied);
      return sendExport(reply, ctx.exportJobs, userId, outcome.prepared, {
        [SEARCH_EXPORT_COUNT_HEADER]: String(outcome.exported),
        [SEARCH_EXPORT_TOTAL_HEADER]: String(outcome.total),
      });
    },
  );
}
