import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import type { ParcelRepository } from '../../../store/parcels/ParcelRepository';
import {
  hasCriteria,
  parsePaging,
  parseSearchQuery,
  type RawQuery,
} from '../../../services/search/parseSearchQuery';
import { SearchInputError } from '../../../services/search/SearchInputError';
import { QUOTA_DENIED_STATUS, quotaDenial } from './quotaDenial';
import { searchQuerystringSchema } from './searchQuerystringSchema';
import { EMPTY_SEARCH, toSearchResponse } from './toSearchResponse';

/** maps/search (free text plus filters) and maps/advance-search (filters; counts one advanced search). */
export async function parcelSearchRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  parcels: ParcelRepository,
): Promise<void> {
  const guard = requireRole(ctx);
  const badInput = (message: string) => ({ ...EMPTY_SEARCH, error: true, message, errorMessage: message });

  app.get(
    '/maps/search',
    { preHandler: guard, schema: { querystring: searchQuerystringSchema } },
    async (request, reply) => {
      try {
        const query = parseSearchQuery(request.query as RawQuery);
        const paging = parsePaging(request.query as RawQuery);
        if (!hasCriteria(query)) return EMPTY_SEARCH;
        return toSearchResponse(parcels.search(query, paging));
      } catch (error) {
        if (error instanceof SearchInputError) return reply.code(400).send(badInput(error.message));
        throw error;
      }
    },
  );

  app.get(
    '/maps/advance-search',
    { preHandler: guard, schema: { querystring: searchQuerystringSchema } },
    async (request, reply) => {
      const user = authUser(request);
      try {
        const query = parseSearchQuery(request.query as RawQuery);
        const paging = parsePaging(request.query as RawQuery);
        if (!hasCriteria(query)) return EMPTY_SEARCH;
        const outcome = ctx.db.transaction(() => {
          const denied = quotaDenial(ctx, user.id, 'advance_search');
          return denied ? { denied } : { response: toSearchResponse(parcels.search(query, paging)) };
        })();
        if (outcome.denied)
          return reply.code(QUOTA_DENIED_STATUS).send({ ...EMPTY_SEARCH, ...outcome.denied });
        return outcome.response;
      } catch (error) {
        if (error instanceof SearchInputError) return reply.code(400).send(badInput(error.message));
        throw error;
      }
    },
  );
}
