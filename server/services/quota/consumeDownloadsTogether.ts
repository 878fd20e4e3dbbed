import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { ParcelDownloadQuota } from './ParcelDownloadQuota';
import type { QuotaResult } from './QuotaService';

export type QuotaDenial = Exclude<QuotaResult, { ok: true }>;

/** Rolls back the counts of the parcels before the one the plan refused. */
class Refused extends Error {
  constructor(readonly denial: QuotaDenial) {
    super(denial.message);
  }
}

/**
 * Counts a report download of every parcel (each once per plan period, shared with the parcel report)
 * in one unit of work: all parcels or none. Answers the plan's refusal, or null when all were counted.
 */
export async function consumeDownloadsTogether(
  unitOfWork: UnitOfWork,
  quota: Pick<ParcelDownloadQuota, 'consume'>,
  userId: string,
  egrids: readonly string[],
): Promise<QuotaDenial | null> {
  return unitOfWork(async () => {
    for (const egrid of egrids) {
      const counted = await quota.consume(userId, egrid);
      if (!counted.ok) throw new Refused(counted);
    }
    return null;
  }).catch((error: unknown) => {
    if (error instanceof Refused) return error.denial;
    throw error;
  });
}
