/**
 * Who has turned off a list's alerts (migration 97): the list's one-click unsubscribe link writes it, the
 * alert round leaves those people out. Muting twice keeps the first time.
 */
export interface ListAlertMuteStore {
  mute(listId: string, userId: string, at: number): Promise<void>;
  unmute(listId: string, userId: string): Promise<void>;
  /** The people who muted the list. */
  muted(listId: string): Promise<string[]>;
}
