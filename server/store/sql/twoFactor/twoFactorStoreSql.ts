import { passkeyInsertValues, toPasskeyRecord, type PasskeyRow } from '../../contract/twoFactor/passkeyRow';
import type { TwoFactorStore } from '../../contract/twoFactor/TwoFactorStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** Second factors: every single-use step (a TOTP step, a code, a challenge) is one conditional statement. */
export const twoFactorStoreSql: SqlRepositoryDefinition<TwoFactorStore> = (dialect) => ({
  *findTotp(userId) {
    const row = yield* one<{ secret: string; confirmed_at: number | null; last_step: number }>(
      'SELECT secret, confirmed_at, last_step FROM totp_factors WHERE user_id = ?',
      userId,
    );
    return row ? { secret: row.secret, confirmedAt: row.confirmed_at, lastStep: row.last_step } : null;
  },
  *startTotp(userId, secret, at) {
    const changed = yield* run(
      `INSERT INTO totp_factors (user_id, secret, created_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
         last_step = 0 WHERE totp_factors.confirmed_at IS NULL`,
      userId,
      secret,
      at,
    );
    return changed > 0;
  },
  *acceptTotpStep(userId, step, at) {
    const changed = yield* run(
      `UPDATE totp_factors SET last_step = ?, confirmed_at = coalesce(confirmed_at, ?)
       WHERE user_id = ? AND last_step < ?`,
      step,
      at,
      userId,
      step,
    );
    return changed > 0;
  },
  *removeTotp(userId) {
    yield* run('DELETE FROM totp_factors WHERE user_id = ?', userId);
    yield* run('DELETE FROM recovery_codes WHERE user_id = ?', userId);
  },
  *replaceRecoveryCodes(userId, hashes) {
    yield* run('DELETE FROM recovery_codes WHERE user_id = ?', userId);
    for (const hash of hashes)
      yield* run('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)', userId, hash);
  },
  *useRecoveryCode(userId, hash, at) {
    const changed = yield* run(
      'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
      at,
      userId,
      hash,
    );
    return changed > 0;
  },
  *remainingRecoveryCodes(userId) {
    const row = yield* one<{ n: number }>(
      'SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL',
      userId,
    );
    return row?.n ?? 0;
  },
  *listPasskeys(userId) {
    const rows = yield* all<PasskeyRow>(
      `SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id${dialect.byCodePoint}`,
      userId,
    );
    return rows.map(toPasskeyRecord);
  },
  *findPasskey(id) {
    const row = yield* one<PasskeyRow>('SELECT * FROM passkeys WHERE id = ?', id);
    return row ? toPasskeyRecord(row) : null;
  },
  *addPasskey(key) {
    yield* run(
      `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ...passkeyInsertValues(key),
    );
  },
  *usePasskey(id, counter, at) {
    yield* run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?', counter, at, id);
  },
  *renamePasskey(userId, id, name) {
    return (yield* run('UPDATE passkeys SET name = ? WHERE user_id = ? AND id = ?', name, userId, id)) > 0;
  },
  *removePasskey(userId, id) {
    return (yield* run('DELETE FROM passkeys WHERE user_id = ? AND id = ?', userId, id)) > 0;
  },
  *saveChallenge(userId, challenge, expiresAt) {
    yield* run(
      `INSERT INTO second_factor_challenges (user_id, challenge, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at`,
      userId,
      challenge,
      expiresAt,
    );
  },
  // Taken once, expired or not: an expired challenge is gone as well.
  *takeChallenge(userId, at) {
    const row = yield* one<{ challenge: string; expires_at: number }>(
      'DELETE FROM second_factor_challenges WHERE user_id = ? RETURNING challenge, expires_at',
      userId,
    );
    return row && row.expires_at > at ? row.challenge : null;
  },
  *addPendingLogin(keyHash, record) {
    yield* run(
      'INSERT INTO pending_logins (key_hash, user_id, challenge, expires_at) VALUES (?, ?, ?, ?)',
      keyHash,
      record.userId,
      record.challenge,
      record.expiresAt,
    );
  },
  *findPendingLogin(keyHash, at) {
    const row = yield* one<{ user_id: string; challenge: string; expires_at: number }>(
      `SELECT user_id, challenge, expires_at FROM pending_logins
       WHERE key_hash = ? AND used_at IS NULL AND expires_at > ?`,
      keyHash,
      at,
    );
    return row ? { userId: row.user_id, challenge: row.challenge, expiresAt: row.expires_at } : null;
  },
  *consumePendingLogin(keyHash, at) {
    const changed = yield* run(
      'UPDATE pending_logins SET used_at = ? WHERE key_hash = ? AND used_at IS NULL AND expires_at > ?',
      at,
      keyHash,
      at,
    );
    return changed > 0;
  },
  *purgeExpiredPendingLogins(at) {
    yield* run('DELETE FROM pending_logins WHERE expires_at <= ?', at);
    yield* run('DELETE FROM passkey_sign_ins WHERE expires_at <= ?', at);
  },
  *addPasskeySignIn(challengeHash, expiresAt) {
    yield* run(
      'INSERT INTO passkey_sign_ins (challenge_hash, expires_at) VALUES (?, ?)',
      challengeHash,
      expiresAt,
    );
  },
  *takePasskeySignIn(challengeHash, at) {
    const changed = yield* run(
      'UPDATE passkey_sign_ins SET used_at = ? WHERE challenge_hash = ? AND used_at IS NULL AND expires_at > ?',
      at,
      challengeHash,
      at,
    );
    return changed > 0;
  },
  *isEnrolled(userId) {
    const row = yield* one(
      `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ? AND confirmed_at IS NOT NULL)
         OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = ?)`,
      userId,
      userId,
    );
    return row !== null;
  },
  *isRequired(userId) {
    const row = yield* one(
      'SELECT 1 AS one FROM user_sites JOIN two_factor_sites USING (site_id) WHERE user_sites.user_id = ? LIMIT 1',
      userId,
    );
    return row !== null;
  },
  *setSiteRequirement(siteId, required, at) {
    if (required)
      yield* run(
        'INSERT INTO two_factor_sites (site_id, required_at) VALUES (?, ?) ON CONFLICT (site_id) DO NOTHING',
        siteId,
        at,
      );
    else yield* run('DELETE FROM two_factor_sites WHERE site_id = ?', siteId);
  },
  *requiringSites() {
    const rows = yield* all<{ site_id: string }>(
      `SELECT site_id FROM two_factor_sites ORDER BY site_id${dialect.byCodePoint}`,
    );
    return rows.map((row) => row.site_id);
  },
});
