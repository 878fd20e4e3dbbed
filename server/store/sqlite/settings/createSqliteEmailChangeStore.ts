import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  type EmailChangeStore,
  type EmailChangeRow,
  startedEmailChange,
  toEmailChangeRecord,
} from '../../contract/settings/EmailChangeStore';

export function createSqliteEmailChangeStore(db: Database): Synchronous<EmailChangeStore> {
  const endPending = db.prepare<[number, string]>(
    'UPDATE email_changes SET ended_at = ? WHERE user_id = ? AND applied_at IS NULL AND ended_at IS NULL',
  );
  const insert = db.prepare(
    `INSERT INTO email_changes (id, user_id, old_email, new_email, username_follows, confirm_key_hash,
       undo_key_hash, created_at, confirm_expires_at, undo_expires_at)
     VALUES (@id, @userId, @oldEmail, @newEmail, @usernameFollows, @confirmKeyHash, @undoKeyHash, @now,
       @confirmExpiresAt, @undoExpiresAt)`,
  );
  const byConfirm = db.prepare<[string, number], EmailChangeRow>(
    `SELECT * FROM email_changes WHERE confirm_key_hash = ? AND applied_at IS NULL AND ended_at IS NULL
       AND confirm_expires_at > ?`,
  );
  const apply = db.prepare<[number, string]>(
    'UPDATE email_changes SET applied_at = ? WHERE id = ? AND applied_at IS NULL AND ended_at IS NULL',
  );
  const byUndo = db.prepare<[string, number], EmailChangeRow>(
    'SELECT * FROM email_changes WHERE undo_key_hash = ? AND ended_at IS NULL AND undo_expires_at > ?',
  );
  const end = db.prepare<[number, string]>(
    'UPDATE email_changes SET ended_at = ? WHERE id = ? AND ended_at IS NULL',
  );
  const pending = db.prepare<[string, number], { new_email: string }>(
    `SELECT new_email FROM email_changes WHERE user_id = ? AND applied_at IS NULL AND ended_at IS NULL
       AND confirm_expires_at > ? ORDER BY created_at DESC LIMIT 1`,
  );
  return {
    start(change, now) {
      endPending.run(now, change.userId);
      const id = crypto.randomUUID();
      insert.run({ ...change, id, now, usernameFollows: change.usernameFollows ? 1 : 0 });
      return startedEmailChange(id, change);
    },
    findPendingByConfirmKey(keyHash, now) {
      const row = byConfirm.get(keyHash, now);
      return row ? toEmailChangeRecord(row) : null;
    },
    markApplied: (id, now) => apply.run(now, id).changes === 1,
    findUndoable(keyHash, now) {
      const row = byUndo.get(keyHash, now);
      return row ? toEmailChangeRecord(row) : null;
    },
    end: (id, now) => end.run(now, id).changes === 1,
    pendingEmail: (userId, now) => pending.get(userId, now)?.new_email ?? null,
  };
}
