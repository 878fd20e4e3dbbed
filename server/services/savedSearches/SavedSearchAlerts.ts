import type { FastifyBaseLogger } from 'fastify';
import type { SavedSearchMatch } from '../../../src/contract/SavedSearches';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { PreferenceStore } from '../../store/contract/settings/PreferenceStore';
import type {
  SavedSearchRecord,
  SavedSearchStore,
} from '../../store/contract/savedSearches/SavedSearchStore';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { Mailer } from '../mail/mailer';
import type { NotificationService } from '../push/NotificationService';
import type { SavedSearchMatcher } from './SavedSearchMatcher';
import { composeAlertMail } from './savedSearchMail';
import { isDigestDue } from './digestSchedule';
import { unsubscribeLink } from '../mail/unsubscribeSignature';

/** What one round of matching or digests did (the benchmark and the tests read it). */
export interface AlertRound {
  /** Saved searches matched against the dataset in this round. */
  matched: number;
  /** New matches found (told at once or kept for a digest). */
  newMatches: number;
  /** Alerts delivered (one per saved search with something to tell). */
  delivered: number;
}

export interface SavedSearchAlerts {
  /**
   * Matches every saved search with an alert against the stored dataset unless it was matched against
   * this build already; records the parcels that start to match and tells instant ones at once.
   */
  matchDatasetChange(): Promise<AlertRound>;
  /** Sends the daily and weekly digests due at this moment (spec §9 reminder hours, in each owner's zone). */
  sendDueDigests(): Promise<AlertRound>;
}

export interface SavedSearchAlertsOptions {
  searches: SavedSearchStore;
  matcher: SavedSearchMatcher;
  parcels: Pick<ParcelRepository, 'datasetVersion'>;
  users: Pick<UserStore, 'findById'>;
  /** Where each owner's time zone is kept (digests keep the reminder hours on the owner's clock). */
  preferences: Pick<PreferenceStore, 'get'>;
  notifications: Pick<NotificationService, 'notify'>;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the mails' unsubscribe links. */
  secret: string;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Alerts of saved searches. A parcel is told of once: recording a match is one insert that only its first
 * writer makes (the store answers which parcels it recorded now), whichever instance or round matches it.
 * Each alert goes in the app (the notification service: socket, then web push on every subscribed
 * device) and by mail in the owner's language, with the parcels' links and a signed unsubscribe link.
 */
export function createSavedSearchAlerts(options: SavedSearchAlertsOptions): SavedSearchAlerts {
  const { searches, matcher, parcels, users, preferences, notifications, mailer, log } = options;
  const now = options.now ?? Date.now;

  const deliver = async (search: SavedSearchRecord, matches: SavedSearchMatch[]) => {
    const [first] = matches;
    if (!first) return;
    const owner = await users.findById(search.ownerId);
    if (!owner) return;
    await notifications.notify(search.ownerId, {
      kind: 'saved-search',
      name: search.name,
      count: matches.length,
      prcId: first.prcId,
      parcel: `${first.prcNo}, ${first.locname}`,
    });
    if (!owner.email) return;
    await mailer.send(
      composeAlertMail({
        to: owner.email,
        language: owner.defaultLanguage ?? null,
        searchName: search.name,
        matches,
        publicUrl: options.publicUrl,
        unsubscribeLink: unsubscribeLink(options.publicUrl, options.secret, search.id, search.ownerId),
      }),
    );
  };
  /** Delivers without letting one owner's failing mail or push stop the others' alerts. */
  const deliverSafely = async (search: SavedSearchRecord, matches: SavedSearchMatch[]) => {
    try {
      await deliver(search, matches);
      return 1;
    } catch (error) {
      log.warn({ err: error, savedSearchId: search.id }, 'a saved-search alert could not be delivered');
      return 0;
    }
  };

  return {
    async matchDatasetChange() {
      const version = await parcels.datasetVersion();
      const round: AlertRound = { matched: 0, newMatches: 0, delivered: 0 };
      for (const search of await searches.alerting()) {
        if (search.matchedVersion === version) continue;
        round.matched += 1;
        const current = await matcher.matches(search.query, search.area);
        const at = now();
        const fresh = current.tooBroad
          ? []
          : await searches.recordMatches(
              search.id,
              current.matches.map((match) => match.prcId),
              at,
              search.alert === 'instant' ? at : null,
            );
        await searches.setMatchedVersion(search.id, version);
        round.newMatches += fresh.length;
        if (search.alert !== 'instant' || fresh.length === 0) continue;
        const told = new Set(fresh);
        round.delivered += await deliverSafely(
          search,
          current.tooBroad ? [] : current.matches.filter((match) => told.has(match.prcId)),
        );
      }
      return round;
    },
    async sendDueDigests() {
      const round: AlertRound = { matched: 0, newMatches: 0, delivered: 0 };
      const at = now();
      /** Owners' time zones, read once a round however many searches an owner has. */
      const zones = new Map<string, Promise<string>>();
      const zoneOf = (userId: string) => {
        let zone = zones.get(userId);
        if (!zone) {
          zone = preferences.get(userId).then((preference) => preference.timeZone);
          zones.set(userId, zone);
        }
        return zone;
      };
      for (const search of await searches.alerting()) {
        if (search.alert !== 'daily' && search.alert !== 'weekly') continue;
        if (!isDigestDue(search.alert, search.digestAt, at, await zoneOf(search.ownerId))) continue;
        // Of several instances due at once, the one whose claim moves the digest time sends it.
        if (!(await searches.claimDigest(search.id, search.digestAt, at))) continue;
        const pending = await searches.pendingMatches(search.id);
        if (pending.length === 0) continue;
        // The digest names the parcels as the search finds them now (a parcel gone since is left out).
        const current = await matcher.matches(search.query, search.area);
        const waiting = new Set(pending);
        const matches = current.tooBroad ? [] : current.matches.filter((match) => waiting.has(match.prcId));
        await searches.markAlerted(search.id, pending, at);
        round.newMatches += pending.length;
        if (matches.length > 0) round.delivered += await deliverSafely(search, matches);
      }
      return round;
    },
  };
}
