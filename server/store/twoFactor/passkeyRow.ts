import type { PasskeyRecord } from './TwoFactorStore';

/** A `passkeys` row as both adapters read it. */
export interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  public_key: string;
  counter: number | string;
  transports: string;
  created_at: number | string;
  last_used_at: number | string | null;
}

export const toPasskeyRecord = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});
