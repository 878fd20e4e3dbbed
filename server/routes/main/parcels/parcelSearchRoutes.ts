import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ParcelQuery, Paging } from '../../../store/contract/parcels/ParcelQuery';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import {
  hasCriteria,
  isAdvancedQuery,
  parsePaging,
  parseSearchQuery,
  SearchInputError,
  type RawQuery,
} from '../../../services/search/parseSearchQuery';
import { languageOf } from '../../../services/i18n/ServerTranslator';
import { searchFingerprint } from '../../../services/search/searchFingerprint';
import { EMPTY_SEARCH, QUOTA_DENIED_STATUS, quotaDenial } from './parcelReplies';
import { searchQuerystringSchema } from './searchQuerystringSchema';
import { replyEncodingOf } from '../../../services/compression/apiCompression';
import type { SearchReplyBody } from '../../../services/search/searchResponse';

type Answer = (query: ParcelQuery, paging: Paging, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * maps/search (free text; with any advanced filter it counts as one advanced search) and
 * maps/advance-search (filters; counts one advanced search).
 */
export async function parcelSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { preHandler: requireRole(ctx), schema: { querystring: searchQuerystringSchema } };
  /**
   * The search as the user means a place name (exonyms, own municipality first, "no data for canton"), as
   * the reply's bytes: made, and compressed by the client's Accept-Encoding, where the search ran (ADR 070).
   */
  const runSearch = (query: ParcelQuery, paging: Paging, request: FastifyRequest) =>
    ctx.placeSearch.searchReply(
      query,
      paging,
      languageOf(request.headers.langcode),
      replyEncodingOf(request.headers),
    );
  const badInput = (message: string) => ({ ...EMPTY_SEARCH, error: true, message, errorMessage: message });

  /** Parses filters and paging (400 on bad input), answers an empty result without criteria, else `answer`. */
  const searchRoute = (answer: Answer) => async (request: FastifyRequest, reply: FastifyReply) => {
    let query: ParcelQuery;
    let paging: Paging;
    try {
      query = parseSearchQuery(request.query as RawQuery);
      paging = parsePaging(request.query as RawQuery);
    } catch (error) {
      if (error instanceof SearchInputError) return reply.code(400).send(badInput(error.message));
      throw error;
    }
    if (!hasCriteria(query)) return EMPTY_SEARCH;
    return answer(query, paging, request, reply);
  };

  /**
   * One advanced search: counted in the same transaction that answers it, once per distinct filter set per
   * period: its other pages, and the same search again, are free.
   */
  const advancedSearch: Answer = async (query, paging, request, reply) => {
    const user = authUser(request);
    const outcome = await ctx.unitOfWork(async () => {
      const denied = await quotaDenial(ctx, user.id, 'advance_search', searchFingerprint(query));
      return denied ? { denied } : { body: await runSearch(query, paging, request) };
    });
    if (outcome.denied) return reply.code(QUOTA_DENIED_STATUS).send({ ...EMPTY_SEARCH, ...outcome.denied });
    return sendSearchReply(reply, outcome.body);
  };

  // A simple search that carries an advanced filter is an advanced search: counted the same way.
  app.get(
    '/maps/search',
    options,
    searchRoute((query, paging, request, reply) =>
      isAdvancedQuery(query)
        ? advancedSearch(query, paging, request, reply)
        : runSearch(query, paging, request).then((body) => sendSearchReply(reply, body)),
    ),
  );

  app.get('/maps/advance-search', options, searchRoute(advancedSearch));
}

/**
 * Sends a search page's bytes as fastify would have sent its object: JSON, and, when compressed, with the
 * headers @fastify/compress sets (which then leaves the reply as it is, its Content-Encoding being set).
 */
function sendSearchReply(reply: FastifyReply, body: SearchReplyBody): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if ('text' in body) return reply.send(body.text);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', body.encoding);
  return reply.send(Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength));
}
