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

/** The values of a passkey's insert, in the column order both adapters write. */
export const passkeyInsertValues = (key: PasskeyRecord) =>
  [
    key.id,
    key.userId,
    key.name,
    key.publicKey,
    key.counter,
    JSON.stringify(key.transports),
    key.createdAt,
  ] as const;
