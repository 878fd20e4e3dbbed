/**
 * An e-mail change: pending until the new address confirms it, applied afterwards, and
 * ended when undone from the old address, replaced by a newer change, or spent. Times in epoch ms.
 */
export interface EmailChangeRecord {
  id: string;
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** The username was the old address and becomes the new one. */
  usernameFollows: boolean;
  confirmExpiresAt: number;
  undoExpiresAt: number;
  appliedAt: number | null;
}

export interface NewEmailChange extends Omit<EmailChangeRecord, 'id' | 'appliedAt'> {
  confirmKeyHash: string;
  undoKeyHash: string;
}

export interface EmailChangeStore {
  /** Records a new pending change; earlier pending (not yet confirmed) changes of the account end. */
  start(change: NewEmailChange, now: number): Promise<EmailChangeRecord>;
  /** The pending change a confirmation key belongs to, while it is unexpired. */
  findPendingByConfirmKey(keyHash: string, now: number): Promise<EmailChangeRecord | null>;
  /** Marks a pending change applied; false when it was applied or ended meanwhile (single use). */
  markApplied(id: string, now: number): Promise<boolean>;
  /** The change (pending or applied) an undo key belongs to, while it is not ended and unexpired. */
  findUndoable(keyHash: string, now: number): Promise<EmailChangeRecord | null>;
  /** Ends a change; false when it had already ended (single use). */
  end(id: string, now: number): Promise<boolean>;
  /** The new address waiting for confirmation, if any. */
  pendingEmail(userId: string, now: number): Promise<string | null>;
}

/** An `email_changes` row as both adapters read it (the flag as 0/1). */
export interface EmailChangeRow {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  username_follows: number;
  confirm_expires_at: number;
  undo_expires_at: number;
  applied_at: number | null;
}

export const toEmailChangeRecord = (row: EmailChangeRow): EmailChangeRecord => ({
  id: row.id,
  userId: row.user_id,
  oldEmail: row.old_email,
  newEmail: row.new_email,
  usernameFollows: row.username_follows === 1,
  confirmExpiresAt: row.confirm_expires_at,
  undoExpiresAt: row.undo_expires_at,
  appliedAt: row.applied_at,
});

/** The record of a change just started (pending: not applied). */
export const startedEmailChange = (id: string, change: NewEmailChange): EmailChangeRecord => ({
  id,
  userId: change.userId,
  oldEmail: change.oldEmail,
  newEmail: change.newEmail,
  usernameFollows: change.usernameFollows,
  confirmExpiresAt: change.confirmExpiresAt,
  undoExpiresAt: change.undoExpiresAt,
  appliedAt: null,
});
