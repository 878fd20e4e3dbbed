import type { EventEmitter } from 'node:events';
import type { SessionStore } from '../../store/contract/sessions/SessionStore';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { SessionResolver } from '../tokens/TokenService';

/** Emitted on ctx.events with {sessionIds} when sessions are revoked, so their open sockets are closed. */
export const SESSIONS_REVOKED = 'sessions-revoked';

/** Last-seen is written at most this often per session, so most authenticated reads stay read-only. */
export const TOUCH_INTERVAL_MS = 60_000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Server-side sessions: the tokens of a login carry its session id; the session can be revoked (logout,
 * password change or reset) and ends by itself after `idleDays` without use, whatever the token's own
 * (360-day) expiry says.
 */
export interface SessionService {
  /** Starts a session for a sign-in; returns its id for the tokens. */
  start(userId: string): Promise<string>;
  /** The guard's check: accepts claims only while their session is open, not idle, and the account active. */
  resolve: SessionResolver;
  /** Ends one session (idempotent). */
  revoke(sessionId: string): Promise<void>;
  /** Ends every session of the user, except `keep` (the one that changed the password). */
  revokeAllForUser(userId: string, keep?: string): Promise<void>;
  /** When the session's sign-in happened (epoch ms), or null for an unknown session. */
  startedAt(sessionId: string): Promise<number | null>;
}

export interface SessionServiceDeps {
  sessions: SessionStore;
  users: Pick<UserStore, 'findById'>;
  events: EventEmitter;
  idleDays: number;
  now?: () => number;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { sessions, users, events } = deps;
  const now = deps.now ?? (() => Date.now());
  const idleMs = deps.idleDays * DAY_MS;
  const announce = (sessionIds: string[]) => {
    if (sessionIds.length > 0) events.emit(SESSIONS_REVOKED, { sessionIds });
  };
  return {
    async start(userId) {
      // Ended sessions are useless once past the idle window; sweeping them here keeps the table small.
      await sessions.purgeEnded(now() - idleMs);
      return (await sessions.create(userId, now())).id;
    },
    async resolve(claims) {
      const session = await sessions.find(claims.sid);
      const at = now();
      if (!session || session.userId !== claims.sub || session.revokedAt !== null) return null;
      if (at - session.lastSeenAt > idleMs) return null;
      const user = await users.findById(claims.sub);
      if (!user || user.status !== 'active') return null;
      if (at - session.lastSeenAt >= TOUCH_INTERVAL_MS) await sessions.touch(session.id, at);
      return { id: user.id, username: user.username, roles: user.roles, sessionId: session.id };
    },
    async revoke(sessionId) {
      if (await sessions.revoke(sessionId, now())) announce([sessionId]);
    },
    async revokeAllForUser(userId, keep) {
      announce(await sessions.revokeAllForUser(userId, now(), keep));
    },
    startedAt: async (sessionId) => (await sessions.find(sessionId))?.createdAt ?? null,
  };
}
