import type { StorageHealth } from '../store/contract/StorageHealth';

/** What `/readyz` answers: ready, or the reasons the instance should get no traffic now. */
export interface ReadinessReport {
  ready: boolean;
  reasons: string[];
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
}

export interface ReadinessSources {
  storage: StorageHealth;
  /** Whether this process is writing the dataset (a cadastre import). */
  importing(): boolean;
  /** Why DATA_DIR counts as full, or null (DiskWatch). */
  diskFullness(): string | null;
  /** Fails with the reason when mails cannot go out (Mailer.verify). */
  verifyMail(): Promise<void>;
  /** Whether a graceful stop has begun (ShutdownDrain): the proxy should send nothing new. */
  shuttingDown?: () => boolean;
  now?: () => number;
}

/** A check that has not answered by then counts as failed: a probe must answer before its own timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 3_000;
/**
 * A verified mail transport is trusted this long before it is verified again: an SMTP verification opens a
 * connection and logs in, which a probe every few seconds should not cost the mail server.
 */
export const MAIL_VERIFIED_FOR_MS = 60_000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS / 1000} s`)),
      READINESS_CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).trim();

/**
 * Readiness, apart from liveness (`/healthz`): the database answers with every migration applied, no
 * dataset build is writing, DATA_DIR has room and the mail transport can be verified. The checks run
 * together, each bounded by READINESS_CHECK_TIMEOUT_MS.
 */
export function createReadiness({
  storage,
  importing,
  diskFullness,
  verifyMail,
  shuttingDown = () => false,
  now = () => Date.now(),
}: ReadinessSources): Readiness {
  let mailVerifiedAt = -Infinity;

  async function databaseReasons(): Promise<string[]> {
    let pending: number[];
    try {
      pending = await withinTimeout(storage.pendingMigrations());
    } catch (error) {
      return [`database unreachable: ${reasonOf(error)}`];
    }
    const reasons = pending.length > 0 ? [`migrations pending: ${pending.join(', ')}`] : [];
    const building = importing() || (await withinTimeout(storage.datasetBuilding()).catch(() => false));
    if (building) reasons.push('dataset being built');
    return reasons;
  }

  async function mailReasons(): Promise<string[]> {
    if (now() - mailVerifiedAt < MAIL_VERIFIED_FOR_MS) return [];
    try {
      await withinTimeout(verifyMail());
      mailVerifiedAt = now();
      return [];
    } catch (error) {
      return [`mail transport cannot be verified: ${reasonOf(error)}`];
    }
  }

  return {
    async check() {
      if (shuttingDown()) return { ready: false, reasons: ['shutting down'] };
      const disk = diskFullness();
      const [database, mail] = await Promise.all([databaseReasons(), mailReasons()]);
      const reasons = [...database, ...(disk ? [disk] : []), ...mail];
      return { ready: reasons.length === 0, reasons };
    },
  };
}
