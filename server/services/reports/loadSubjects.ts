import type { ReportDocuments } from './ReportDocuments';
import type { ReportSubject } from './ReportSubject';

/** EGRIDs the dataset does not have: the routes answer 404 naming them. */
export class UnknownParcelsError extends Error {
  constructor(readonly egrids: string[]) {
    super(`Unknown EGRID: ${egrids.join(', ')}`);
  }
}

/** The report subjects of several parcels in the order given; throws UnknownParcelsError naming the missing. */
export async function loadSubjects(
  documents: Pick<ReportDocuments, 'subject'>,
  egrids: readonly string[],
): Promise<ReportSubject[]> {
  const found = await Promise.all(egrids.map((egrid) => documents.subject(egrid)));
  const unknown = egrids.filter((_, i) => !found[i]);
  if (unknown.length) throw new UnknownParcelsError(unknown);
  return found as ReportSubject[];
}
