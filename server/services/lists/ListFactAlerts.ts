import crypto from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { LIST_CHANGED_EVENT } from '../../../src/contract/ParcelLists';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { ListItemFacts, ListRecord, ParcelListStore } from '../../store/contract/lists/ParcelListStore';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { NotificationService } from '../push/NotificationService';
import { changedFactTopics, listedParcelFacts } from './listedParcelFacts';

/** What one comparison round did (the tests read it). */
export interface ListFactRound {
  /** Lists compared with the current dataset build. */
  compared: number;
  /** Listed parcels whose watched facts changed (each told once, whichever instance found it). */
  changed: number;
  /** Notifications sent (one per person per list). */
  delivered: number;
}

export interface ListFactAlerts {
  /** Compares every list not yet compared with the stored dataset build, and tells of changed parcels. */
  compareWithDataset(): Promise<ListFactRound>;
}

export interface ListFactAlertsOptions {
  lists: ParcelListStore;
  parcels: Pick<ParcelRepository, 'parcel' | 'datasetVersion'>;
  notifications: Pick<NotificationService, 'notify'>;
  unitOfWork: UnitOfWork;
  events: EventEmitter;
  now?: () => number;
}

/**
 * Alerts on listed parcels (issue 29): after a dataset update, a parcel on a list whose watched facts
 * (area, zone, reserve, buildings, hazards, heritage, groundwater, contamination, noise, or the parcel
 * itself) differ from what was recorded gets an activity entry naming what changed, and the list's owner
 * and the parcel's assignee a notification (in the app and by web push). The new facts are recorded only if
 * they are still what this round read, so of several instances one tells of a change. A parcel recorded
 * for the first time (listed before facts were kept) is only recorded.
 */
export function createListFactAlerts(options: ListFactAlertsOptions): ListFactAlerts {
  const { lists, parcels, notifications, unitOfWork, events } = options;
  const now = options.now ?? Date.now;

  /** Records the parcel's facts now; the topics that changed when this call is the one that recorded them. */
  const compareItem = async (list: ListRecord, item: ListItemFacts, at: number) => {
    const facts = listedParcelFacts((await parcels.parcel(item.prcId))?.parcel ?? null);
    if (facts === item.facts) return [];
    return unitOfWork(async () => {
      if (!(await lists.replaceItemFacts(list.id, item.prcId, item.facts, facts))) return [];
      if (item.facts === null) return [];
      const topics = changedFactTopics(item.facts, facts);
      if (topics.length === 0) return [];
      await lists.appendActivity({
        id: `${String(at).padStart(15, '0')}-facts-${crypto.randomBytes(6).toString('hex')}`,
        listId: list.id,
        prcId: item.prcId,
        actorId: null,
        at,
        kind: 'facts',
        from: null,
        to: topics.join(','),
      });
      return topics;
    });
  };

  /** The owner hears of every changed parcel, an assignee of the ones assigned to them. */
  const tell = async (list: ListRecord, changed: ListItemFacts[]) => {
    const byPerson = new Map<string, ListItemFacts[]>([[list.ownerId, changed]]);
    for (const item of changed) {
      const assignee = item.assigneeId;
      if (assignee === null || assignee === list.ownerId) continue;
      byPerson.set(assignee, [...(byPerson.get(assignee) ?? []), item]);
    }
    for (const [userId, theirs] of byPerson) {
      const [item] = theirs;
      await notifications.notify(userId, {
        kind: 'list-facts',
        name: list.name,
        count: theirs.length,
        prcId: item.prcId,
        parcel: `${item.prcNo}, ${item.locname}`,
      });
    }
    const audience = new Set([list.ownerId]);
    if (list.siteId !== null)
      for (const member of await lists.siteMembers(list.siteId)) audience.add(member.id);
    for (const userId of audience) events.emit(LIST_CHANGED_EVENT, { userId, listId: list.id });
    return byPerson.size;
  };

  return {
    async compareWithDataset() {
      const round: ListFactRound = { compared: 0, changed: 0, delivered: 0 };
      const version = await parcels.datasetVersion();
      if (version === '') return round;
      for (const list of await lists.listsToCompare(version)) {
        round.compared += 1;
        const at = now();
        const changed: ListItemFacts[] = [];
        for (const item of await lists.itemFacts(list.id))
          if ((await compareItem(list, item, at)).length > 0) changed.push(item);
        await lists.setFactsVersion(list.id, version);
        round.changed += changed.length;
        if (changed.length > 0) round.delivered += await tell(list, changed);
      }
      return round;
    },
  };
}
