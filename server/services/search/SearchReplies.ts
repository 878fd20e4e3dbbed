import type { Paging, ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type {
  ParcelRepository,
  ParcelSearchResult,
  SearchRanking,
} from '../../store/contract/parcels/ParcelRepository';
import type { ReplyEncoding } from '../compression/apiCompression';
import { searchReplyBody, toSearchResponse, type SearchReplyBody } from './searchResponse';

/** A search page answered as its reply's bytes (ADR 070), with what the place search still decides on. */
export interface SearchReplyAnswer {
  body: SearchReplyBody;
  /** The result when the search found nothing (no hits to carry): a place search may add its notice to it. */
  nothingFound: ParcelSearchResult | null;
}

/** Search pages as their replies' bytes: made in a search worker (ADR 070) or, without workers, here. */
export interface SearchReplies {
  reply(
    query: ParcelQuery,
    paging: Paging,
    ranking: SearchRanking | undefined,
    encoding: ReplyEncoding | null,
  ): Promise<SearchReplyAnswer>;
}

export function searchReplyAnswer(
  result: ParcelSearchResult,
  encoding: ReplyEncoding | null,
): SearchReplyAnswer {
  return {
    body: searchReplyBody(toSearchResponse(result), encoding),
    nothingFound: result.total === 0 ? result : null,
  };
}

/** The replies made from the repository's searches on this thread (no search workers, jest). */
export function searchRepliesInProcess(parcels: Pick<ParcelRepository, 'search'>): SearchReplies {
  return {
    reply: async (query, paging, ranking, encoding) =>
      searchReplyAnswer(await parcels.search(query, paging, ranking), encoding),
  };
}
