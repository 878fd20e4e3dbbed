import type { Parcel } from '../../../src/contract/Parcel';
import type { ListedFactTopic } from '../../../src/contract/ParcelLists';

/**
 * The facts of a listed parcel that a professional tracking it wants to hear of when a dataset update
 * changes them, by topic. Values are kept as the API gives them; lists are sorted so that an
 * order that differs between two builds is not a change.
 */
const WATCHED: Record<Exclude<ListedFactTopic, 'gone'>, (parcel: Parcel) => unknown> = {
  area: (p) => p.PRC_SUR,
  zone: (p) =>
    [p.ALPHA_PRIS, p.ALPHA_SECS, p.ALPHA_TERS, p.BRAVO_PRIS, p.BRAVO_SECS, p.BRAVO_TERS].map((codes) =>
      [...(codes ?? [])].sort(),
    ),
  reserve: (p) => [p.POT_UTI ?? null, p.POT_RES ?? null],
  buildings: (p) => p.OBJ_COUNT ?? 0,
  hazards: (p) => [p.HAZ_FAL, p.HAZ_LAV, p.HAZ_SLI, p.HAZ_WAT, p.HAZ_DOL].map((v) => v ?? null),
  heritage: (p) => [p.PRO_BUN, p.PRO_BUC, p.PRO_OOB, p.PRO_BOO, p.PRO_ARS, p.PRO_ARP].map((v) => v ?? null),
  groundwater: (p) => [p.ENV_GWA, p.ENV_WAP, p.GRN_GWU].map((v) => v ?? null),
  contamination: (p) => p.GRN_CON ?? null,
  noise: (p) => [p.OVL_NOI, p.EVN_TRA, p.EVN_AIR].map((v) => v ?? null),
};

/** What is recorded of a parcel that is no longer in the dataset. */
const GONE = '"gone"';

/** The watched facts of a parcel as one JSON text (topics in a fixed order), or "gone" for null. */
export function listedParcelFacts(parcel: Parcel | null): string {
  if (!parcel) return GONE;
  return JSON.stringify(
    Object.fromEntries(Object.entries(WATCHED).map(([topic, of]) => [topic, of(parcel)])),
  );
}

/** The topics whose facts differ between two recorded texts, in the fixed order. */
export function changedFactTopics(before: string, after: string): ListedFactTopic[] {
  if (before === after) return [];
  if (after === GONE) return ['gone'];
  if (before === GONE) return Object.keys(WATCHED) as ListedFactTopic[];
  const was = JSON.parse(before) as Record<string, unknown>;
  const now = JSON.parse(after) as Record<string, unknown>;
  return (Object.keys(WATCHED) as ListedFactTopic[]).filter(
    (topic) => JSON.stringify(was[topic]) !== JSON.stringify(now[topic]),
  );
}
