import crypto from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { listedParcelFacts } from './listedParcelFacts';
import { hasAccess } from '../../../src/lib/accessCheck';
import {
  LIST_CHANGED_EVENT,
  LIST_STATUSES,
  MAX_BULK_LIST_ADD,
  MAX_LIST_ITEMS,
  type AddListItemsResponse,
  type CreateParcelListRequest,
  type ListActivityKind,
  type ListItemHistory,
  type ListNote,
  type ListStatus,
  type ParcelListDetail,
  type ParcelListItem,
  type ParcelListsResponse,
  type ParcelListSummary,
  type PipelineStatus,
  type SiteStatusesResponse,
  type UpdateListItemRequest,
  type UpdateParcelListRequest,
} from '../../../src/contract/ParcelLists';
import type { Parcel } from '../../../src/contract/Parcel';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { ListItemRecord, ListRecord, ParcelListStore } from '../../store/contract/lists/ParcelListStore';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { ListAlertMuteStore } from '../../store/contract/listAlertMutes/ListAlertMuteStore';
import type { AuditLog } from '../audit/AuditLog';
import { toListActivity, toListItem, toListNote } from './listReplies';

/** The signed-in user a list action runs for. */
export interface ListViewer {
  id: string;
  username: string;
  roles: string[];
}

/** The refusals' English texts (translated by the server.lists.* keys of translations/). */
export const LIST_MESSAGES = {
  listNotFound: 'No list with this id',
  notOwner: 'Only the owner of a list can rename, share or delete it',
  notYourSite: 'You can share a list only with a site you belong to',
  parcelNotFound: 'No parcel with this id',
  itemNotFound: 'This parcel is not on the list',
  alreadyListed: 'This parcel is already on the list',
  full: `A list holds at most ${MAX_LIST_ITEMS} parcels`,
  tooManyAtOnce: `At most ${MAX_BULK_LIST_ADD} parcels can be added to a list at once`,
  notAssignable: 'A parcel can be assigned only to the owner of the list or a member of its site',
  notSiteAdmin: 'Only an administrator of the site can rename its statuses',
  nothingToChange: 'Nothing to change',
} as const;

/**
 * A refused list action, with the HTTP status its route answers. A permission refusal is 409, never 403:
 * the browser takes any 403 for "sign in again" (spec §8).
 */
export class ListError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** Newest activity entries shown for one parcel. */
const HISTORY_LIMIT = 100;

export interface ParcelListService {
  lists(viewer: ListViewer): Promise<ParcelListsResponse>;
  create(viewer: ListViewer, request: CreateParcelListRequest): Promise<ParcelListSummary>;
  detail(viewer: ListViewer, listId: string): Promise<ParcelListDetail>;
  update(viewer: ListViewer, listId: string, request: UpdateParcelListRequest): Promise<ParcelListSummary>;
  remove(viewer: ListViewer, listId: string): Promise<void>;
  addItem(viewer: ListViewer, listId: string, prcId: string): Promise<ParcelListItem>;
  /**
   * Adds up to MAX_BULK_LIST_ADD parcels in one unit: those the list has already and ids the dataset does
   * not know are counted and skipped; a list that would hold more than MAX_LIST_ITEMS gets none of them.
   */
  addItems(viewer: ListViewer, listId: string, prcIds: readonly string[]): Promise<AddListItemsResponse>;
  removeItem(viewer: ListViewer, listId: string, prcId: string): Promise<void>;
  updateItem(
    viewer: ListViewer,
    listId: string,
    prcId: string,
    request: UpdateListItemRequest,
  ): Promise<ParcelListItem>;
  history(viewer: ListViewer, listId: string, prcId: string): Promise<ListItemHistory>;
  addNote(viewer: ListViewer, listId: string, prcId: string, text: string): Promise<ListNote>;
  siteStatuses(viewer: ListViewer, siteId: string): Promise<SiteStatusesResponse>;
  renameStatus(
    viewer: ListViewer,
    siteId: string,
    status: ListStatus,
    label: string | null,
  ): Promise<SiteStatusesResponse>;
  /** Turns the viewer's alerts of a list they see on or off; answers whether they are on now. */
  setAlerts(viewer: ListViewer, listId: string, alertsOn: boolean): Promise<{ alertsOn: boolean }>;
}

export interface ParcelListServiceOptions {
  lists: ParcelListStore;
  users: UserStore;
  parcels: Pick<ParcelRepository, 'parcel'>;
  /** Who turned a list's alerts off (in the list view, or by a mail's unsubscribe link). */
  alertMutes: Pick<ListAlertMuteStore, 'muted' | 'mute' | 'unmute'>;
  audit: AuditLog;
  unitOfWork: UnitOfWork;
  events: EventEmitter;
  now?: () => number;
}

/**
 * Lists of parcels and who may do what with them: a personal list is its owner's alone; a shared one is
 * seen and worked on (parcels, statuses, assignees, notes) by the members of its site, while only its owner
 * renames, shares or deletes it. A list the user may not see answers "not found", never "forbidden", so its
 * existence is not told. Every change is written with its activity entry in one unit of work, then the
 * people who see the list hear of it over the socket; sharing is written to the audit log.
 */
export function createParcelListService({
  lists,
  users,
  parcels,
  alertMutes,
  audit,
  unitOfWork,
  events,
  now = Date.now,
}: ParcelListServiceOptions): ParcelListService {
  /** Activity ids sort by time, then by order within the same millisecond of this process. */
  let sequence = 0;
  const entryId = (at: number) =>
    `${String(at).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}`;

  const sitesOf = async (userId: string) =>
    ((await users.findById(userId))?.sites ?? []).map((site) => ({
      id: site.siteID,
      name: site.name ?? site.siteID,
    }));
  const canSee = async (viewer: ListViewer, list: ListRecord) =>
    list.ownerId === viewer.id ||
    (list.siteId !== null && (await sitesOf(viewer.id)).some((site) => site.id === list.siteId));

  /** The list if the viewer may see it; "not found" otherwise. */
  const visibleList = async (viewer: ListViewer, listId: string) => {
    const list = await lists.findList(listId);
    if (!list || !(await canSee(viewer, list))) throw new ListError(LIST_MESSAGES.listNotFound, 404);
    return list;
  };
  const ownedList = async (viewer: ListViewer, listId: string) => {
    const list = await visibleList(viewer, listId);
    if (list.ownerId !== viewer.id) throw new ListError(LIST_MESSAGES.notOwner, 409);
    return list;
  };
  const existingItem = async (listId: string, prcId: string) => {
    const item = await lists.findItem(listId, prcId);
    if (!item) throw new ListError(LIST_MESSAGES.itemNotFound, 404);
    return item;
  };

  const statuses = async (siteId: string | null): Promise<PipelineStatus[]> => {
    const labels = new Map(
      siteId === null ? [] : (await lists.statusLabels(siteId)).map((s) => [s.status, s.label]),
    );
    return LIST_STATUSES.map((key) => ({ key, label: labels.get(key) ?? null }));
  };
  const summary = async (list: ListRecord, viewer: ListViewer): Promise<ParcelListSummary> => {
    const counts = Object.fromEntries(LIST_STATUSES.map((status) => [status, 0])) as Record<
      ListStatus,
      number
    >;
    for (const { status, count } of await lists.statusCounts(list.id)) counts[status] = count;
    return {
      id: list.id,
      name: list.name,
      owner: { id: list.ownerId, name: list.ownerName },
      site: list.siteId === null ? null : { id: list.siteId, name: list.siteName ?? list.siteId },
      itemCount: Object.values(counts).reduce((sum, n) => sum + n, 0),
      counts,
      createdAt: new Date(list.createdAt).toISOString(),
      updatedAt: new Date(list.updatedAt).toISOString(),
      canManage: list.ownerId === viewer.id,
    };
  };
  /** Who may hold a parcel of the list: its owner and the members of its site. */
  const people = async (list: ListRecord) => {
    const members = list.siteId === null ? [] : await lists.siteMembers(list.siteId);
    const owner = { id: list.ownerId, name: list.ownerName };
    return [owner, ...members.filter((member) => member.id !== list.ownerId)];
  };
  /** Tells everyone who sees the list (and, after a share changed, who saw it before) that it changed. */
  const announce = async (listId: string, ownerId: string, siteIds: (string | null)[]) => {
    const audience = new Set([ownerId]);
    for (const siteId of new Set(siteIds)) {
      if (siteId === null) continue;
      for (const member of await lists.siteMembers(siteId)) audience.add(member.id);
    }
    for (const userId of audience) events.emit(LIST_CHANGED_EVENT, { userId, listId });
  };
  const record = (
    viewer: ListViewer,
    listId: string,
    prcId: string | null,
    kind: ListActivityKind,
    at: number,
    from: string | null = null,
    to: string | null = null,
  ) => lists.appendActivity({ id: entryId(at), listId, prcId, actorId: viewer.id, at, kind, from, to });

  /** Puts the parcel on the list with its 'added' activity; false when the list has it already. */
  const insertItem = async (viewer: ListViewer, listId: string, parcel: Parcel, at: number) => {
    const inserted = await lists.addItem({
      listId,
      prcId: parcel.PRC_ID,
      prcNo: parcel.PRC_NO,
      locname: parcel.LOCNAME,
      canton: parcel.CANTON,
      area: parcel.PRC_SUR,
      lon: parcel.centroid.coordinates[0],
      lat: parcel.centroid.coordinates[1],
      status: 'new',
      addedBy: viewer.id,
      addedAt: at,
      facts: listedParcelFacts(parcel),
    });
    if (inserted) await record(viewer, listId, parcel.PRC_ID, 'added', at);
    return inserted;
  };

  const checkSite = async (viewer: ListViewer, siteId: string) => {
    if (!(await sitesOf(viewer.id)).some((site) => site.id === siteId))
      throw new ListError(LIST_MESSAGES.notYourSite, 400);
  };
  const auditShare = (viewer: ListViewer, list: ListRecord, siteId: string | null) =>
    audit.record(viewer, siteId === null ? 'list-unshared' : 'list-shared', null, {
      listId: list.id,
      listName: list.name,
      siteID: siteId ?? list.siteId,
    });

  return {
    async lists(viewer) {
      const visible = await lists.visibleLists(viewer.id);
      return {
        lists: await Promise.all(visible.map((list) => summary(list, viewer))),
        sites: await sitesOf(viewer.id),
      };
    },

    async create(viewer, { name, siteId = null }) {
      if (siteId !== null) await checkSite(viewer, siteId);
      const id = crypto.randomUUID();
      const at = now();
      const list = await unitOfWork(async () => {
        await lists.createList({ id, ownerId: viewer.id, name: name.trim(), siteId, at });
        await record(viewer, id, null, 'created', at, null, name.trim());
        const created = (await lists.findList(id))!;
        if (siteId !== null) {
          await record(viewer, id, null, 'shared', at, null, created.siteName);
          await auditShare(viewer, created, siteId);
        }
        return created;
      });
      await announce(id, viewer.id, [siteId]);
      return summary(list, viewer);
    },

    async detail(viewer, listId) {
      const list = await visibleList(viewer, listId);
      const [items, listStatuses, assignable] = await Promise.all([
        lists.items(listId),
        statuses(list.siteId),
        people(list),
      ]);
      return {
        list: await summary(list, viewer),
        items: items.map(toListItem),
        statuses: listStatuses,
        people: assignable,
        alertsOn: !(await alertMutes.muted(listId)).includes(viewer.id),
      };
    },

    async setAlerts(viewer, listId, alertsOn) {
      await visibleList(viewer, listId);
      if (alertsOn) await alertMutes.unmute(listId, viewer.id);
      else await alertMutes.mute(listId, viewer.id, now());
      return { alertsOn };
    },

    async update(viewer, listId, request) {
      if (request.name === undefined && request.siteId === undefined)
        throw new ListError(LIST_MESSAGES.nothingToChange, 400);
      const before = await ownedList(viewer, listId);
      const siteId = request.siteId === undefined ? before.siteId : request.siteId;
      if (siteId !== null && siteId !== before.siteId) await checkSite(viewer, siteId);
      const at = now();
      const after = await unitOfWork(async () => {
        if (request.name !== undefined && request.name.trim() !== before.name) {
          await lists.renameList(listId, request.name.trim(), at);
          await record(viewer, listId, null, 'renamed', at, before.name, request.name.trim());
        }
        if (siteId !== before.siteId) {
          await lists.shareList(listId, siteId, at);
          const shared = (await lists.findList(listId))!;
          await record(
            viewer,
            listId,
            null,
            siteId === null ? 'unshared' : 'shared',
            at,
            before.siteName,
            shared.siteName,
          );
          await auditShare(viewer, before, siteId);
        }
        return (await lists.findList(listId))!;
      });
      await announce(listId, after.ownerId, [before.siteId, after.siteId]);
      return summary(after, viewer);
    },

    async remove(viewer, listId) {
      const list = await ownedList(viewer, listId);
      await lists.deleteList(listId);
      await announce(listId, list.ownerId, [list.siteId]);
    },

    async addItem(viewer, listId, prcId) {
      const list = await visibleList(viewer, listId);
      const detail = await parcels.parcel(prcId);
      if (!detail) throw new ListError(LIST_MESSAGES.parcelNotFound, 404);
      const at = now();
      const added = await unitOfWork(async () => {
        if ((await lists.countItems(listId)) >= MAX_LIST_ITEMS) throw new ListError(LIST_MESSAGES.full, 409);
        if (!(await insertItem(viewer, listId, detail.parcel, at)))
          throw new ListError(LIST_MESSAGES.alreadyListed, 409);
        await lists.touchList(listId, at);
        return (await lists.findItem(listId, detail.parcel.PRC_ID))!;
      });
      await announce(listId, list.ownerId, [list.siteId]);
      return toListItem(added);
    },

    async addItems(viewer, listId, prcIds) {
      const unique = [...new Set(prcIds)];
      if (unique.length > MAX_BULK_LIST_ADD) throw new ListError(LIST_MESSAGES.tooManyAtOnce, 400);
      const list = await visibleList(viewer, listId);
      const found = (await Promise.all(unique.map((prcId) => parcels.parcel(prcId)))).flatMap((detail) =>
        detail ? [detail.parcel] : [],
      );
      const at = now();
      const added = await unitOfWork(async () => {
        let count = 0;
        for (const parcel of found) if (await insertItem(viewer, listId, parcel, at)) count += 1;
        // Checked after the inserts, which it rolls back: the parcels already listed do not count twice.
        if ((await lists.countItems(listId)) > MAX_LIST_ITEMS) throw new ListError(LIST_MESSAGES.full, 409);
        if (count > 0) await lists.touchList(listId, at);
        return count;
      });
      if (added > 0) await announce(listId, list.ownerId, [list.siteId]);
      return { added, alreadyListed: found.length - added, notFound: unique.length - found.length };
    },

    async removeItem(viewer, listId, prcId) {
      const list = await visibleList(viewer, listId);
      const at = now();
      await unitOfWork(async () => {
        if (!(await lists.removeItem(listId, prcId))) throw new ListError(LIST_MESSAGES.itemNotFound, 404);
        await record(viewer, listId, prcId, 'removed', at);
        await lists.touchList(listId, at);
      });
      await announce(listId, list.ownerId, [list.siteId]);
    },

    async updateItem(viewer, listId, prcId, { status, assigneeId }) {
      if (status === undefined && assigneeId === undefined)
        throw new ListError(LIST_MESSAGES.nothingToChange, 400);
      const list = await visibleList(viewer, listId);
      const assignable = assigneeId === undefined ? [] : await people(list);
      if (assigneeId !== undefined && assigneeId !== null && !assignable.some((p) => p.id === assigneeId))
        throw new ListError(LIST_MESSAGES.notAssignable, 400);
      const at = now();
      const updated = await unitOfWork(async () => {
        const before = await existingItem(listId, prcId);
        if (status !== undefined && status !== before.status) {
          await lists.setStatus(listId, prcId, status);
          await record(viewer, listId, prcId, 'status', at, before.status, status);
        }
        if (assigneeId !== undefined && assigneeId !== before.assigneeId) {
          await lists.setAssignee(listId, prcId, assigneeId);
          const name = assignable.find((person) => person.id === assigneeId)?.name ?? null;
          await record(viewer, listId, prcId, 'assignee', at, before.assigneeName, name);
        }
        await lists.touchList(listId, at);
        return (await lists.findItem(listId, prcId)) as ListItemRecord;
      });
      await announce(listId, list.ownerId, [list.siteId]);
      return toListItem(updated);
    },

    async history(viewer, listId, prcId) {
      await visibleList(viewer, listId);
      await existingItem(listId, prcId);
      const [notes, activity] = await Promise.all([
        lists.notes(listId, prcId),
        lists.activity(listId, prcId, HISTORY_LIMIT),
      ]);
      return { notes: notes.map(toListNote), activity: activity.map(toListActivity) };
    },

    async addNote(viewer, listId, prcId, text) {
      const list = await visibleList(viewer, listId);
      const at = now();
      const id = entryId(at);
      const note = await unitOfWork(async () => {
        await existingItem(listId, prcId);
        await lists.addNote({ id, listId, prcId, authorId: viewer.id, at, text: text.trim() });
        await record(viewer, listId, prcId, 'note', at);
        await lists.touchList(listId, at);
        return (await lists.notes(listId, prcId)).find((n) => n.id === id)!;
      });
      await announce(listId, list.ownerId, [list.siteId]);
      return toListNote(note);
    },

    async siteStatuses(viewer, siteId) {
      await checkSite(viewer, siteId);
      return { siteId, statuses: await statuses(siteId) };
    },

    async renameStatus(viewer, siteId, status, label) {
      if (!hasAccess(viewer.roles, 'ADMIN') || !(await sitesOf(viewer.id)).some((s) => s.id === siteId))
        throw new ListError(LIST_MESSAGES.notSiteAdmin, 409);
      const trimmed = label?.trim() || null;
      await unitOfWork(async () => {
        await lists.renameStatus(siteId, status, trimmed);
        await audit.record(viewer, 'list-status-renamed', null, { siteID: siteId, status, label: trimmed });
      });
      for (const member of await lists.siteMembers(siteId))
        events.emit(LIST_CHANGED_EVENT, { userId: member.id, listId: null });
      return { siteId, statuses: await statuses(siteId) };
    },
  };
}
