import { passkeyInsertValues, toPasskeyRecord, type PasskeyRow } from '../../contract/twoFactor/passkeyRow';
import type { TwoFactorStore } from '../../contract/twoFactor/TwoFactorStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresTwoFactorStore(db: PostgresConnection): TwoFactorStore {
  return {
    async findTotp(userId) {
      const [row] = await db.query<{ secret: string; confirmed_at: number | null; last_step: number }>(
        'SELECT secret, confirmed_at, last_step FROM totp_factors WHERE user_id = $1',
        [userId],
      );
      return row ? { secret: row.secret, confirmedAt: row.confirmed_at, lastStep: row.last_step } : null;
    },
    async startTotp(userId, secret, at) {
      const changed = await db.run(
        `INSERT INTO totp_factors (user_id, secret, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
           last_step = 0 WHERE totp_factors.confirmed_at IS NULL`,
        [userId, secret, at],
      );
      return changed > 0;
    },
    async acceptTotpStep(userId, step, at) {
      const changed = await db.run(
        `UPDATE totp_factors SET last_step = $1, confirmed_at = coalesce(confirmed_at, $2)
         WHERE user_id = $3 AND last_step < $1`,
        [step, at, userId],
      );
      return changed > 0;
    },
    async removeTotp(userId) {
      await db.run('DELETE FROM totp_factors WHERE user_id = $1', [userId]);
      await db.run('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    },
    async replaceRecoveryCodes(userId, hashes) {
      await db.run('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
      for (const hash of hashes) {
        await db.run('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, hash]);
      }
    },
    async useRecoveryCode(userId, hash, at) {
      const changed = await db.run(
        'UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL',
        [at, userId, hash],
      );
      return changed > 0;
    },
    async remainingRecoveryCodes(userId) {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [userId],
      );
      return row?.n ?? 0;
    },
    async listPasskeys(userId) {
      const rows = await db.query<PasskeyRow>(
        'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id COLLATE "C"',
        [userId],
      );
      return rows.map(toPasskeyRecord);
    },
    async findPasskey(id) {
      const [row] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1', [id]);
      return row ? toPasskeyRecord(row) : null;
    },
    async addPasskey(key) {
      await db.run(
        `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [...passkeyInsertValues(key)],
      );
    },
    async usePasskey(id, counter, at) {
      await db.run('UPDATE passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [counter, at, id]);
    },
    async renamePasskey(userId, id, name) {
      return (
        (await db.run('UPDATE passkeys SET name = $1 WHERE user_id = $2 AND id = $3', [name, userId, id])) > 0
      );
    },
    async removePasskey(userId, id) {
      return (await db.run('DELETE FROM passkeys WHERE user_id = $1 AND id = $2', [userId, id])) > 0;
    },
    async saveChallenge(userId, challenge, expiresAt) {
      await db.run(
        `INSERT INTO second_factor_challenges (user_id, challenge, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at`,
        [userId, challenge, expiresAt],
      );
    },
    async takeChallenge(userId, at) {
      const [row] = await db.query<{ challenge: string; expires_at: number }>(
        'DELETE FROM second_factor_challenges WHERE user_id = $1 RETURNING challenge, expires_at',
        [userId],
      );
      return row && row.expires_at > at ? row.challenge : null;
    },
    async addPendingLogin(keyHash, record) {
      await db.run(
        'INSERT INTO pending_logins (key_hash, user_id, challenge, expires_at) VALUES ($1, $2, $3, $4)',
        [keyHash, record.userId, record.challenge, record.expiresAt],
      );
    },
    async findPendingLogin(keyHash, at) {
      const [row] = await db.query<{ user_id: string; challenge: string; expires_at: number }>(
        `SELECT user_id, challenge, expires_at FROM pending_logins
         WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2`,
        [keyHash, at],
      );
      return row ? { userId: row.user_id, challenge: row.challenge, expiresAt: row.expires_at } : null;
    },
    async consumePendingLogin(keyHash, at) {
      const changed = await db.run(
        'UPDATE pending_logins SET used_at = $1 WHERE key_hash = $2 AND used_at IS NULL AND expires_at > $1',
        [at, keyHash],
      );
      return changed > 0;
    },
    async purgeExpiredPendingLogins(at) {
      await db.run('DELETE FROM pending_logins WHERE expires_at <= $1', [at]);
      await db.run('DELETE FROM passkey_sign_ins WHERE expires_at <= $1', [at]);
    },
    async addPasskeySignIn(challengeHash, expiresAt) {
      await db.run('INSERT INTO passkey_sign_ins (challenge_hash, expires_at) VALUES ($1, $2)', [
        challengeHash,
        expiresAt,
      ]);
    },
    async takePasskeySignIn(challengeHash, at) {
      const changed = await db.run(
        `UPDATE passkey_sign_ins SET used_at = $1
         WHERE challenge_hash = $2 AND used_at IS NULL AND expires_at > $1`,
        [at, challengeHash],
      );
      return changed > 0;
    },
    async isEnrolled(userId) {
      const rows = await db.query(
        `SELECT 1 WHERE EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL)
           OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)`,
        [userId],
      );
      return rows.length > 0;
    },
    async isRequired(userId) {
      const rows = await db.query(
        `SELECT 1 FROM user_sites JOIN two_factor_sites USING (site_id) WHERE user_sites.user_id = $1 LIMIT 1`,
        [userId],
      );
      return rows.length > 0;
    },
    async setSiteRequirement(siteId, required, at) {
      if (required) {
        await db.run(
          'INSERT INTO two_factor_sites (site_id, required_at) VALUES ($1, $2) ON CONFLICT (site_id) DO NOTHING',
          [siteId, at],
        );
      } else {
        await db.run('DELETE FROM two_factor_sites WHERE site_id = $1', [siteId]);
      }
    },
    async requiringSites() {
      const rows = await db.query<{ site_id: string }>(
        'SELECT site_id FROM two_factor_sites ORDER BY site_id COLLATE "C"',
      );
      return rows.map((row) => row.site_id);
    },
  };
}
