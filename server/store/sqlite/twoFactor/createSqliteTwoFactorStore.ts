import type { Database } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { passkeyInsertValues, toPasskeyRecord, type PasskeyRow } from '../../contract/twoFactor/passkeyRow';
import type {
  PendingLoginRecord,
  TotpFactorRecord,
  TwoFactorStore,
} from '../../contract/twoFactor/TwoFactorStore';

export function createSqliteTwoFactorStore(db: Database): Synchronous<TwoFactorStore> {
  const totp = db.prepare<[string], { secret: string; confirmed_at: number | null; last_step: number }>(
    'SELECT secret, confirmed_at, last_step FROM totp_factors WHERE user_id = ?',
  );
  const startTotp = db.prepare<[string, string, number]>(
    `INSERT INTO totp_factors (user_id, secret, created_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
       last_step = 0 WHERE totp_factors.confirmed_at IS NULL`,
  );
  const acceptStep = db.prepare<[number, number, string, number]>(
    `UPDATE totp_factors SET last_step = ?, confirmed_at = coalesce(confirmed_at, ?)
     WHERE user_id = ? AND last_step < ?`,
  );
  const removeTotp = db.prepare<[string]>('DELETE FROM totp_factors WHERE user_id = ?');
  const removeCodes = db.prepare<[string]>('DELETE FROM recovery_codes WHERE user_id = ?');
  const addCode = db.prepare<[string, string]>(
    'INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)',
  );
  const useCode = db.prepare<[number, string, string]>(
    'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
  );
  const countCodes = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL',
  );
  const passkeysOf = db.prepare<[string], PasskeyRow>(
    'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id',
  );
  const passkey = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ?');
  const addPasskey = db.prepare<[string, string, string, string, number, string, number]>(
    `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const usePasskey = db.prepare<[number, number, string]>(
    'UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?',
  );
  const renamePasskey = db.prepare<[string, string, string]>(
    'UPDATE passkeys SET name = ? WHERE user_id = ? AND id = ?',
  );
  const removePasskey = db.prepare<[string, string]>('DELETE FROM passkeys WHERE user_id = ? AND id = ?');
  const saveChallenge = db.prepare<[string, string, number]>(
    `INSERT INTO second_factor_challenges (user_id, challenge, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at`,
  );
  const takeChallenge = db.prepare<[string, number], { challenge: string }>(
    'DELETE FROM second_factor_challenges WHERE user_id = ? AND expires_at > ? RETURNING challenge',
  );
  const dropChallenge = db.prepare<[string]>('DELETE FROM second_factor_challenges WHERE user_id = ?');
  const addPending = db.prepare<[string, string, string, number]>(
    'INSERT INTO pending_logins (key_hash, user_id, challenge, expires_at) VALUES (?, ?, ?, ?)',
  );
  const pending = db.prepare<[string, number], { user_id: string; challenge: string; expires_at: number }>(
    'SELECT user_id, challenge, expires_at FROM pending_logins WHERE key_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  const consumePending = db.prepare<[number, string, number]>(
    'UPDATE pending_logins SET used_at = ? WHERE key_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  const purgePending = db.prepare<[number]>('DELETE FROM pending_logins WHERE expires_at <= ?');
  const purgePasskeySignIns = db.prepare<[number]>('DELETE FROM passkey_sign_ins WHERE expires_at <= ?');
  const addPasskeySignIn = db.prepare<[string, number]>(
    'INSERT INTO passkey_sign_ins (challenge_hash, expires_at) VALUES (?, ?)',
  );
  const takePasskeySignIn = db.prepare<[number, string, number]>(
    'UPDATE passkey_sign_ins SET used_at = ? WHERE challenge_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  const enrolled = db.prepare<[string, string], { one: number }>(
    `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ? AND confirmed_at IS NOT NULL)
       OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = ?)`,
  );
  const required = db.prepare<[string], { one: number }>(
    `SELECT 1 AS one FROM user_sites JOIN two_factor_sites USING (site_id) WHERE user_sites.user_id = ? LIMIT 1`,
  );
  const requireSite = db.prepare<[string, number]>(
    'INSERT INTO two_factor_sites (site_id, required_at) VALUES (?, ?) ON CONFLICT (site_id) DO NOTHING',
  );
  const releaseSite = db.prepare<[string]>('DELETE FROM two_factor_sites WHERE site_id = ?');
  const requiring = db.prepare<[], { site_id: string }>(
    'SELECT site_id FROM two_factor_sites ORDER BY site_id',
  );

  return {
    findTotp(userId): TotpFactorRecord | null {
      const row = totp.get(userId);
      return row ? { secret: row.secret, confirmedAt: row.confirmed_at, lastStep: row.last_step } : null;
    },
    startTotp: (userId, secret, at) => startTotp.run(userId, secret, at).changes > 0,
    acceptTotpStep: (userId, step, at) => acceptStep.run(step, at, userId, step).changes > 0,
    removeTotp(userId) {
      removeTotp.run(userId);
      removeCodes.run(userId);
    },
    replaceRecoveryCodes(userId, hashes) {
      removeCodes.run(userId);
      for (const hash of hashes) addCode.run(userId, hash);
    },
    useRecoveryCode: (userId, hash, at) => useCode.run(at, userId, hash).changes > 0,
    remainingRecoveryCodes: (userId) => countCodes.get(userId)?.n ?? 0,
    listPasskeys: (userId) => passkeysOf.all(userId).map(toPasskeyRecord),
    findPasskey(id) {
      const row = passkey.get(id);
      return row ? toPasskeyRecord(row) : null;
    },
    addPasskey(key) {
      addPasskey.run(...passkeyInsertValues(key));
    },
    usePasskey(id, counter, at) {
      usePasskey.run(counter, at, id);
    },
    renamePasskey: (userId, id, name) => renamePasskey.run(name, userId, id).changes > 0,
    removePasskey: (userId, id) => removePasskey.run(userId, id).changes > 0,
    saveChallenge(userId, challenge, expiresAt) {
      saveChallenge.run(userId, challenge, expiresAt);
    },
    takeChallenge(userId, at) {
      const row = takeChallenge.get(userId, at);
      dropChallenge.run(userId);
      return row?.challenge ?? null;
    },
    addPendingLogin(keyHash, record) {
      addPending.run(keyHash, record.userId, record.challenge, record.expiresAt);
    },
    findPendingLogin(keyHash, at): PendingLoginRecord | null {
      const row = pending.get(keyHash, at);
      return row ? { userId: row.user_id, challenge: row.challenge, expiresAt: row.expires_at } : null;
    },
    consumePendingLogin: (keyHash, at) => consumePending.run(at, keyHash, at).changes > 0,
    purgeExpiredPendingLogins(at) {
      purgePending.run(at);
      purgePasskeySignIns.run(at);
    },
    addPasskeySignIn(challengeHash, expiresAt) {
      addPasskeySignIn.run(challengeHash, expiresAt);
    },
    takePasskeySignIn: (challengeHash, at) => takePasskeySignIn.run(at, challengeHash, at).changes > 0,
    isEnrolled: (userId) => enrolled.get(userId, userId) !== undefined,
    isRequired: (userId) => required.get(userId) !== undefined,
    setSiteRequirement(siteId, isRequired, at) {
      if (isRequired) requireSite.run(siteId, at);
      else releaseSite.run(siteId);
    },
    requiringSites: () => requiring.all().map((row) => row.site_id),
  };
}
