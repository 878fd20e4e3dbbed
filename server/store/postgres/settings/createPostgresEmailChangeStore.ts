import crypto from 'node:crypto';
import {
  startedEmailChange,
  toEmailChangeRecord,
  type EmailChangeRow,
  type EmailChangeStore,
} from '../../contract/settings/EmailChangeStore';
import type { PostgresConnection } from '../PostgresConnection';

/** E-mail changes: applying and ending are conditional UPDATEs, so each key works once across instances. */
export function createPostgresEmailChangeStore(db: PostgresConnection): EmailChangeStore {
  const one = async (sql: string, params: (string | number)[]) => {
    const row = await db.one<EmailChangeRow>(sql, params);
    return row ? toEmailChangeRecord(row) : null;
  };
  return {
    async start(change, now) {
      const id = crypto.randomUUID();
      await db.transaction(async () => {
        await db.run(
          'UPDATE email_changes SET ended_at = $1 WHERE user_id = $2 AND applied_at IS NULL AND ended_at IS NULL',
          [now, change.userId],
        );
        await db.run(
          `INSERT INTO email_changes (id, user_id, old_email, new_email, username_follows, confirm_key_hash,
             undo_key_hash, created_at, confirm_expires_at, undo_expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            id,
            change.userId,
            change.oldEmail,
            change.newEmail,
            change.usernameFollows ? 1 : 0,
            change.confirmKeyHash,
            change.undoKeyHash,
            now,
            change.confirmExpiresAt,
            change.undoExpiresAt,
          ],
        );
      });
      return startedEmailChange(id, change);
    },
    findPendingByConfirmKey: async (keyHash, now) =>
      one(
        `SELECT * FROM email_changes WHERE confirm_key_hash = $1 AND applied_at IS NULL AND ended_at IS NULL
           AND confirm_expires_at > $2`,
        [keyHash, now],
      ),
    markApplied: async (id, now) =>
      (await db.run(
        'UPDATE email_changes SET applied_at = $1 WHERE id = $2 AND applied_at IS NULL AND ended_at IS NULL',
        [now, id],
      )) === 1,
    findUndoable: async (keyHash, now) =>
      one(
        'SELECT * FROM email_changes WHERE undo_key_hash = $1 AND ended_at IS NULL AND undo_expires_at > $2',
        [keyHash, now],
      ),
    end: async (id, now) =>
      (await db.run('UPDATE email_changes SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL', [
        now,
        id,
      ])) === 1,
    pendingEmail: async (userId, now) =>
      (
        await db.one<{ new_email: string }>(
          `SELECT new_email FROM email_changes WHERE user_id = $1 AND applied_at IS NULL AND ended_at IS NULL
           AND confirm_expires_at > $2 ORDER BY created_at DESC LIMIT 1`,
          [userId, now],
        )
      )?.new_email ?? null,
  };
}
