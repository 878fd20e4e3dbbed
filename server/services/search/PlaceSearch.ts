import type { Paging, ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type { ParcelRepository, ParcelSearchResult } from '../../store/contract/parcels/ParcelRepository';
import type { ServerLanguage, ServerTranslator } from '../i18n/ServerTranslator';
import type { ReplyEncoding } from '../compression/apiCompression';
import { createPlaceNames, foldPlaceName, type Place, type PlaceNames } from './placeNames';
import { searchRepliesInProcess, type SearchReplies } from './SearchReplies';
import { searchReplyBody, toSearchResponse, type SearchReplyBody } from './searchResponse';

export interface PlaceSearchResult extends ParcelSearchResult {
  /** Why a search that names a place found nothing, in the user's language ("No data for canton ZH …"). */
  notice?: string;
}

/**
 * The parcel search as a user means it when the text is a place name (ADR 016):
 * - an exonym searches the official name ("Genf", "Ginevra" → Genève);
 * - the parcels of the named municipality come before streets named after it elsewhere ("Zug" lists the
 *   town before Zugerweg in Baar);
 * - a place in a canton the dataset has no parcels for says so instead of a bare "No results found".
 */
export interface PlaceSearch {
  search(query: ParcelQuery, paging: Paging, language: ServerLanguage): Promise<PlaceSearchResult>;
  /**
   * The same search as the reply's bytes (the route's answer), made where the search runs (ADR 070) and
   * compressed there with `encoding`; the notice, when there is one, is added here.
   */
  searchReply(
    query: ParcelQuery,
    paging: Paging,
    language: ServerLanguage,
    encoding: ReplyEncoding | null,
  ): Promise<SearchReplyBody>;
  /** The query with an exonym replaced by the official name (the map's matching-parcel tiles use it). */
  officialQuery(query: ParcelQuery): ParcelQuery;
}

/** The municipalities a text names and the text the full-text search should use for them. */
export function placeQuery(
  query: ParcelQuery,
  places: Place[],
): { query: ParcelQuery; municipalities: string[] } {
  const municipalities = [...new Set(places.filter((p) => p.kind === 'municipality').map((p) => p.name))];
  const [official] = municipalities;
  // "Genf" matches no parcel text; its official name does. A text that is the official name stays as typed.
  const typed = query.text ?? '';
  const rewrite = official && !municipalities.some((name) => foldPlaceName(name) === foldPlaceName(typed));
  return { query: rewrite ? { ...query, text: official } : query, municipalities };
}

export function createPlaceSearch(
  parcels: ParcelRepository,
  translator: ServerTranslator,
  placeNames: PlaceNames = createPlaceNames(),
  replies: SearchReplies = searchRepliesInProcess(parcels),
): PlaceSearch {
  /**
   * Why a search naming `places` found nothing, when no canton the text may mean has data; null when one has:
   * a place that exists here but matched no parcel under the other filters stays a plain "No results found".
   */
  const noDataNotice = async (places: Place[], language: ServerLanguage): Promise<string | null> => {
    const withData = new Set(await parcels.cantonsWithData());
    const cantons = [...new Set(places.map((place) => place.cantonCode))];
    if (cantons.some((canton) => withData.has(canton))) return null;
    return translator.format(language, 'server.search.noDataForCanton', { canton: cantons.join(', ') });
  };
  return {
    officialQuery(query) {
      return query.text ? placeQuery(query, placeNames.match(query.text)).query : query;
    },
    async search(query, paging, language) {
      const places = query.text ? placeNames.match(query.text) : [];
      if (places.length === 0) return parcels.search(query, paging);
      const ranked = placeQuery(query, places);
      const result = await parcels.search(ranked.query, paging, {
        preferMunicipalities: ranked.municipalities,
      });
      if (result.total > 0) return result;
      const notice = await noDataNotice(places, language);
      return notice ? { ...result, notice } : result;
    },
    async searchReply(query, paging, language, encoding) {
      const places = query.text ? placeNames.match(query.text) : [];
      if (places.length === 0) return (await replies.reply(query, paging, undefined, encoding)).body;
      const ranked = placeQuery(query, places);
      const { body, nothingFound } = await replies.reply(
        ranked.query,
        paging,
        { preferMunicipalities: ranked.municipalities },
        encoding,
      );
      if (!nothingFound) return body;
      const notice = await noDataNotice(places, language);
      return notice ? searchReplyBody(toSearchResponse({ ...nothingFound, notice }), encoding) : body;
    },
  };
}
