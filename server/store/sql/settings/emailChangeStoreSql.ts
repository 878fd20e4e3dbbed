import crypto from 'node:crypto';
import {
  startedEmailChange,
  toEmailChangeRecord,
  type EmailChangeRow,
  type EmailChangeStore,
} from '../../contract/settings/EmailChangeStore';
import { atomically, one, run, type SqlRepositoryDefinition, type SqlValue } from '../SqlWork';

function* change(sql: string, ...params: SqlValue[]) {
  const row = yield* one<EmailChangeRow>(sql, ...params);
  return row ? toEmailChangeRecord(row) : null;
}

/** E-mail changes: applying and ending are conditional UPDATEs, so each key works once. */
export const emailChangeStoreSql: SqlRepositoryDefinition<EmailChangeStore> = () => ({
  *start(started, now) {
    const id = crypto.randomUUID();
    yield* atomically(
      (function* () {
        yield* run(
          'UPDATE email_changes SET ended_at = ? WHERE user_id = ? AND applied_at IS NULL AND ended_at IS NULL',
          now,
          started.userId,
        );
        yield* run(
          `INSERT INTO email_changes (id, user_id, old_email, new_email, username_follows, confirm_key_hash,
             undo_key_hash, created_at, confirm_expires_at, undo_expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          started.userId,
          started.oldEmail,
          started.newEmail,
          started.usernameFollows ? 1 : 0,
          started.confirmKeyHash,
          started.undoKeyHash,
          now,
          started.confirmExpiresAt,
          started.undoExpiresAt,
        );
      })(),
    );
    return startedEmailChange(id, started);
  },
  findPendingByConfirmKey: (keyHash, now) =>
    change(
      `SELECT * FROM email_changes WHERE confirm_key_hash = ? AND applied_at IS NULL AND ended_at IS NULL
         AND confirm_expires_at > ?`,
      keyHash,
      now,
    ),
  *markApplied(id, now) {
    const applied = yield* run(
      'UPDATE email_changes SET applied_at = ? WHERE id = ? AND applied_at IS NULL AND ended_at IS NULL',
      now,
      id,
    );
    return applied === 1;
  },
  findUndoable: (keyHash, now) =>
    change(
      'SELECT * FROM email_changes WHERE undo_key_hash = ? AND ended_at IS NULL AND undo_expires_at > ?',
      keyHash,
      now,
    ),
  *end(id, now) {
    return (
      (yield* run('UPDATE email_changes SET ended_at = ? WHERE id = ? AND ended_at IS NULL', now, id)) === 1
    );
  },
  *pendingEmail(userId, now) {
    const row = yield* one<{ new_email: string }>(
      `SELECT new_email FROM email_changes WHERE user_id = ? AND applied_at IS NULL AND ended_at IS NULL
         AND confirm_expires_at > ? ORDER BY created_at DESC LIMIT 1`,
      userId,
      now,
    );
    return row?.new_email ?? null;
  },
});
