import crypto from 'node:crypto';
import type { EventEmitter } from 'node:events';
import {
  MAX_ALERT_MATCHES,
  MAX_SAVED_SEARCHES_PER_USER,
  SAVED_SEARCH_CHANGED_EVENT,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type SavedSearchesResponse,
  type UpdateSavedSearchRequest,
} from '../../../src/contract/SavedSearches';
import type { ParcelListStore } from '../../store/contract/lists/ParcelListStore';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type {
  SavedSearchRecord,
  SavedSearchStore,
} from '../../store/contract/savedSearches/SavedSearchStore';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { AuditLog } from '../audit/AuditLog';
import type { ListViewer } from '../lists/ParcelListService';
import { SearchInputError } from '../search/parseSearchQuery';
import type { SavedSearchMatcher } from './SavedSearchMatcher';
import { parseSavedQuery } from './savedSearchQuery';

/** The refusals' English texts (translated by the server.savedSearches.* keys of translations/). */
export const SAVED_SEARCH_MESSAGES = {
  notFound: 'No saved search with this id',
  notOwner: 'Only the owner of a saved search can rename, share, delete it or set its alert',
  notYourSite: 'You can share a saved search only with a site you belong to',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES_PER_USER} saved searches`,
  tooBroad: `This search matches more than ${MAX_ALERT_MATCHES} parcels: narrow it to receive alerts`,
} as const;

/** A refused saved-search action with its HTTP status (a permission refusal is 409, never 403: ADR 029). */
export class SavedSearchError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

export interface SavedSearchService {
  list(viewer: ListViewer): Promise<SavedSearchesResponse>;
  create(viewer: ListViewer, request: CreateSavedSearchRequest): Promise<SavedSearch>;
  update(viewer: ListViewer, id: string, request: UpdateSavedSearchRequest): Promise<SavedSearch>;
  remove(viewer: ListViewer, id: string): Promise<void>;
  /** Turns the alert of a search off for its owner (the mail's one-click unsubscribe). */
  stopAlerts(ownerId: string, id: string): Promise<boolean>;
}

export interface SavedSearchServiceOptions {
  searches: SavedSearchStore;
  users: UserStore;
  members: Pick<ParcelListStore, 'siteMembers'>;
  parcels: Pick<ParcelRepository, 'datasetVersion'>;
  matcher: SavedSearchMatcher;
  audit: AuditLog;
  unitOfWork: UnitOfWork;
  events: EventEmitter;
  now?: () => number;
}

/**
 * Saved searches and who may do what with them (the rules of parcel lists, ADR 029): a personal search is
 * its owner's; a shared one is seen and run by the members of its site; only the owner renames, shares,
 * deletes it or sets its alert (the alert reaches the owner). A search the user may not see answers "not
 * found". Turning an alert on records what the search matches now as already told of, so only parcels
 * that start to match later raise alerts.
 */
export function createSavedSearchService({
  searches,
  users,
  members,
  parcels,
  matcher,
  audit,
  unitOfWork,
  events,
  now = Date.now,
}: SavedSearchServiceOptions): SavedSearchService {
  const sitesOf = async (userId: string) =>
    ((await users.findById(userId))?.sites ?? []).map((site) => ({
      id: site.siteID,
      name: site.name ?? site.siteID,
    }));
  const visibleSearch = async (viewer: ListViewer, id: string) => {
    const search = await searches.find(id);
    const sees =
      search !== null &&
      (search.ownerId === viewer.id ||
        (search.siteId !== null && (await sitesOf(viewer.id)).some((site) => site.id === search.siteId)));
    if (!search || !sees) throw new SavedSearchError(SAVED_SEARCH_MESSAGES.notFound, 404);
    return search;
  };
  const ownedSearch = async (viewer: ListViewer, id: string) => {
    const search = await visibleSearch(viewer, id);
    if (search.ownerId !== viewer.id) throw new SavedSearchError(SAVED_SEARCH_MESSAGES.notOwner, 409);
    return search;
  };
  const checkSite = async (viewer: ListViewer, siteId: string | null | undefined) => {
    if (siteId === null || siteId === undefined) return;
    if (!(await sitesOf(viewer.id)).some((site) => site.id === siteId))
      throw new SavedSearchError(SAVED_SEARCH_MESSAGES.notYourSite, 400);
  };
  const validQuery = (query: string) => {
    try {
      parseSavedQuery(query);
    } catch (error) {
      if (error instanceof SearchInputError) throw new SavedSearchError(error.message, 400);
      throw error;
    }
  };
  /** What the search matches now, recorded as told of when its alert is turned on. */
  const baseline = async (query: string, area: SavedSearchRecord['area']) => {
    const current = await matcher.matches(query, area);
    if (current.tooBroad) throw new SavedSearchError(SAVED_SEARCH_MESSAGES.tooBroad, 409);
    return { prcIds: current.matches.map((match) => match.prcId), version: await parcels.datasetVersion() };
  };
  const toReply = (viewer: ListViewer, search: SavedSearchRecord): SavedSearch => ({
    id: search.id,
    name: search.name,
    query: search.query,
    area: search.area,
    alert: search.alert,
    owner: { id: search.ownerId, name: search.ownerName },
    site: search.siteId === null ? null : { id: search.siteId, name: search.siteName ?? search.siteId },
    createdAt: new Date(search.createdAt).toISOString(),
    updatedAt: new Date(search.updatedAt).toISOString(),
    canManage: search.ownerId === viewer.id,
  });
  /** Tells the owner and the members of the sites that see (or saw) the search that it changed. */
  const announce = async (ownerId: string, siteIds: (string | null)[]) => {
    const audience = new Set([ownerId]);
    for (const siteId of new Set(siteIds)) {
      if (siteId === null) continue;
      for (const member of await members.siteMembers(siteId)) audience.add(member.id);
    }
    for (const userId of audience) events.emit(SAVED_SEARCH_CHANGED_EVENT, { userId });
  };
  const auditShare = (viewer: ListViewer, search: SavedSearchRecord, siteId: string | null) =>
    audit.record(viewer, siteId === null ? 'saved-search-unshared' : 'saved-search-shared', null, {
      savedSearchId: search.id,
      savedSearchName: search.name,
      siteID: siteId ?? search.siteId,
    });
  const found = async (id: string) => {
    const search = await searches.find(id);
    if (!search) throw new SavedSearchError(SAVED_SEARCH_MESSAGES.notFound, 404);
    return search;
  };

  return {
    async list(viewer) {
      const [visible, sites] = await Promise.all([searches.visible(viewer.id), sitesOf(viewer.id)]);
      return { savedSearches: visible.map((search) => toReply(viewer, search)), sites };
    },
    async create(viewer, request) {
      validQuery(request.query);
      const siteId = request.siteId ?? null;
      await checkSite(viewer, siteId);
      const alert = request.alert ?? 'off';
      const area = request.area ?? null;
      const known = alert === 'off' ? null : await baseline(request.query, area);
      const id = crypto.randomUUID();
      const at = now();
      const created = await unitOfWork(async () => {
        if ((await searches.countOwned(viewer.id)) >= MAX_SAVED_SEARCHES_PER_USER)
          throw new SavedSearchError(SAVED_SEARCH_MESSAGES.tooMany, 409);
        await searches.create({
          id,
          ownerId: viewer.id,
          name: request.name.trim(),
          query: request.query,
          area,
          alert,
          siteId,
          at,
        });
        if (known) {
          await searches.recordMatches(id, known.prcIds, at, at);
          await searches.setMatchedVersion(id, known.version);
        }
        const saved = await found(id);
        if (siteId !== null) await auditShare(viewer, saved, siteId);
        return saved;
      });
      await announce(viewer.id, [siteId]);
      return toReply(viewer, created);
    },
    async update(viewer, id, request) {
      const before = await ownedSearch(viewer, id);
      await checkSite(viewer, request.siteId);
      const turnsOn = request.alert !== undefined && request.alert !== 'off' && before.alert === 'off';
      const known = turnsOn ? await baseline(before.query, before.area) : null;
      const at = now();
      const after = await unitOfWork(async () => {
        await searches.update(
          id,
          { name: request.name?.trim(), alert: request.alert, siteId: request.siteId },
          at,
        );
        if (known) {
          await searches.recordMatches(id, known.prcIds, at, at);
          // Matches left for a digest before the alert went off are not told of any more.
          await searches.markAlerted(id, await searches.pendingMatches(id), at);
          await searches.setMatchedVersion(id, known.version);
        }
        const saved = await found(id);
        if (request.siteId !== undefined && request.siteId !== before.siteId)
          await auditShare(viewer, saved, request.siteId);
        return saved;
      });
      await announce(before.ownerId, [before.siteId, after.siteId]);
      return toReply(viewer, after);
    },
    async remove(viewer, id) {
      const search = await ownedSearch(viewer, id);
      await unitOfWork(() => searches.remove(id));
      await announce(search.ownerId, [search.siteId]);
    },
    async stopAlerts(ownerId, id) {
      const search = await searches.find(id);
      if (!search || search.ownerId !== ownerId) return false;
      if (search.alert !== 'off') await unitOfWork(() => searches.update(id, { alert: 'off' }, now()));
      await announce(search.ownerId, [search.siteId]);
      return true;
    },
  };
}
