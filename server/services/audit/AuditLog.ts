import type { AuditAction, AuditLogPage } from '../../../src/contract/Settings';
import type { AuditLogStore } from '../../store/contract/settings/AuditLogStore';

/** Who acted: the signed-in administrator. */
export interface Actor {
  id: string;
  username: string;
}

/** Who was acted on. */
export interface AuditTarget {
  id: string;
  username: string;
}

/** Who did what to which account, when: every administrator action writes one entry, in its own unit of work. */
export interface AuditLog {
  record(
    actor: Actor,
    action: AuditAction,
    target: AuditTarget | null,
    details?: Record<string, unknown>,
  ): Promise<void>;
  list(options: { targetId?: string; page: number; size: number }): Promise<AuditLogPage>;
}

export function createAuditLog(store: AuditLogStore, now: () => number = Date.now): AuditLog {
  return {
    record(actor, action, target, details = {}) {
      return store.append({
        at: now(),
        actorId: actor.id,
        actorUsername: actor.username,
        action,
        targetId: target?.id ?? null,
        targetUsername: target?.username ?? null,
        details,
      });
    },
    list({ targetId, page, size }) {
      return store.list({ targetId, limit: size, offset: (page - 1) * size });
    },
  };
}
