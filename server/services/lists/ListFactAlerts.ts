import crypto from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { LIST_CHANGED_EVENT } from '../../../src/contract/ParcelLists';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { ListItemFacts, ListRecord, ParcelListStore } from '../../store/contract/lists/ParcelListStore';
import type { ListAlertMuteStore } from '../../store/contract/listAlertMutes/ListAlertMuteStore';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { ServerTranslator } from '../i18n/ServerTranslator';
import type { Mailer } from '../mail/mailer';
import { isListUnsubscribeSignature, listUnsubscribeLink } from '../mail/unsubscribeSignature';
import type { NotificationService } from '../push/NotificationService';
import { changedFactTopics, listedParcelFacts } from './listedParcelFacts';
import { composeListFactMail } from './listFactMail';

/** What one comparison round did (the tests read it). */
export interface ListFactRound {
  /** Lists compared with the current dataset build. */
  compared: number;
  /** Listed parcels whose watched facts changed (each told once, whichever instance found it). */
  changed: number;
  /** People told (in the app, by push and by mail; one per person per list). */
  delivered: number;
}

export interface ListFactAlerts {
  /** Compares every list not yet compared with the stored dataset build, and tells of changed parcels. */
  compareWithDataset(): Promise<ListFactRound>;
  /**
   * The mail's one-click unsubscribe: mutes the list's alerts for that person when `sig` is the link's
   * signature for this list and person (nothing else); false for a wrong signature or a list gone.
   */
  unsubscribe(listId: string, userId: string, sig: string): Promise<boolean>;
}

export interface ListFactAlertsOptions {
  lists: ParcelListStore;
  parcels: Pick<ParcelRepository, 'parcel' | 'datasetVersion'>;
  notifications: Pick<NotificationService, 'notify'>;
  /** The people who turned a list's alerts off (its mails' unsubscribe link). */
  mutes: Pick<ListAlertMuteStore, 'muted' | 'mute'>;
  users: Pick<UserStore, 'findById'>;
  mailer: Mailer;
  translator: ServerTranslator;
  publicUrl: string;
  /** Signs the mails' unsubscribe links. */
  secret: string;
  log: FastifyBaseLogger;
  unitOfWork: UnitOfWork;
  events: EventEmitter;
  now?: () => number;
}

/** A changed listed parcel with the topics that changed. */
type Changed = ListItemFacts & { topics: string[] };

/**
 * Alerts on listed parcels: after a dataset update, a parcel on a list whose watched facts
 * (area, zone, reserve, buildings, hazards, heritage, groundwater, contamination, noise, or the parcel
 * itself) differ from what was recorded gets an activity entry naming what changed, and the list's people
 * are told like a saved search's owner: in the app, by web push and by mail in their language with the
 * parcels' links and a signed one-click link that mutes this list's alerts for them. The list's people are
 * its owner, the members of the site it is shared with, and the changed parcels' assignees (who hear of
 * theirs), less those who muted it. One person's failing notification or mail stops no one else. The new
 * facts are recorded only if they are still what this round read, so of several instances one tells of a
 * change. A parcel recorded for the first time (listed before facts were kept) is only recorded.
 */
export function createListFactAlerts(options: ListFactAlertsOptions): ListFactAlerts {
  const { lists, parcels, notifications, mutes, users, mailer, translator, unitOfWork, events, log } =
    options;
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

  /** One person's alert: in the app (socket, then web push) and by mail in their language. */
  const deliver = async (list: ListRecord, userId: string, theirs: Changed[]) => {
    const [item] = theirs;
    await notifications.notify(userId, {
      kind: 'list-facts',
      name: list.name,
      count: theirs.length,
      prcId: item.prcId,
      parcel: `${item.prcNo}, ${item.locname}`,
    });
    const person = await users.findById(userId);
    if (!person?.email) return;
    await mailer.send(
      composeListFactMail(translator, {
        to: person.email,
        language: person.defaultLanguage ?? null,
        listName: list.name,
        parcels: theirs,
        publicUrl: options.publicUrl,
        unsubscribeLink: listUnsubscribeLink(options.publicUrl, options.secret, list.id, userId),
      }),
    );
  };

  /** Tells the list's people of the changed parcels; answers how many were told. */
  const tell = async (list: ListRecord, changed: Changed[]) => {
    const members = new Set([list.ownerId]);
    if (list.siteId !== null)
      for (const member of await lists.siteMembers(list.siteId)) members.add(member.id);
    const byPerson = new Map<string, Changed[]>([...members].map((userId) => [userId, changed]));
    for (const item of changed) {
      const assignee = item.assigneeId;
      if (assignee === null || members.has(assignee)) continue;
      byPerson.set(assignee, [...(byPerson.get(assignee) ?? []), item]);
    }
    for (const userId of await mutes.muted(list.id)) byPerson.delete(userId);
    let told = 0;
    for (const [userId, theirs] of byPerson) {
      try {
        await deliver(list, userId, theirs);
        told += 1;
      } catch (error) {
        log.warn({ err: error, listId: list.id, userId }, 'a list alert could not be delivered');
      }
    }
    for (const userId of members) events.emit(LIST_CHANGED_EVENT, { userId, listId: list.id });
    return told;
  };

  return {
    async unsubscribe(listId, userId, sig) {
      if (!isListUnsubscribeSignature(options.secret, listId, userId, sig)) return false;
      if (!(await lists.findList(listId)) || !(await users.findById(userId))) return false;
      await mutes.mute(listId, userId, now());
      return true;
    },
    async compareWithDataset() {
      const round: ListFactRound = { compared: 0, changed: 0, delivered: 0 };
      const version = await parcels.datasetVersion();
      if (version === '') return round;
      for (const list of await lists.listsToCompare(version)) {
        round.compared += 1;
        const at = now();
        const changed: Changed[] = [];
        for (const item of await lists.itemFacts(list.id)) {
          const topics = await compareItem(list, item, at);
          if (topics.length > 0) changed.push({ ...item, topics });
        }
        await lists.setFactsVersion(list.id, version);
        round.changed += changed.length;
        if (changed.length > 0) round.delivered += await tell(list, changed);
      }
      return round;
    },
  };
}
