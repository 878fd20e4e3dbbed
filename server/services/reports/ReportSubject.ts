import type { BuildingObject, Canton, Parcel } from '../../../src/contract/Parcel';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { PriceLevelRepository } from '../../store/contract/reports/PriceLevelRepository';
import { parcelSurroundings, type ParcelSurroundings } from './parcelSurroundings';

/** A zone code with its label per language, as the canton's alpha lookup holds it. */
export type ZoneLabels = Map<string, Partial<Record<'en' | 'de' | 'fr' | 'it', string>>>;

/** Everything a report, an assessment or an export of one parcel is made from. */
export interface ReportSubject {
  parcel: Parcel;
  objects: BuildingObject[];
  canton: Canton;
  surroundings: ParcelSurroundings;
  /** The municipality's price level, CHF per m² of building land (an estimate); null when unknown. */
  priceLevel: number | null;
  /** Labels of the canton's zone codes that the parcel carries. */
  zoneLabels: ZoneLabels;
}

export interface ReportSubjectSources {
  parcels: ParcelRepository;
  priceLevels: PriceLevelRepository;
}

/** The codes of the parcel's cantonal zoning, by lookup list (ALPHA_PRI/SEC/TER). */
function zoneCodes(parcel: Parcel): [varname: string, codes: string[]][] {
  return [
    ['ALPHA_PRI', parcel.ALPHA_PRIS ?? []],
    ['ALPHA_SEC', parcel.ALPHA_SECS ?? []],
    ['ALPHA_TER', parcel.ALPHA_TERS ?? []],
  ];
}

/** Reads the parcel, its buildings, canton, neighbourhood, price level and zone labels; null if unknown. */
export async function loadReportSubject(
  sources: ReportSubjectSources,
  prcId: string,
): Promise<ReportSubject | null> {
  const detail = await sources.parcels.parcel(prcId);
  if (!detail) return null;
  const { parcel, objects, canton } = detail;
  const zoneLabels: ZoneLabels = new Map();
  for (const [varname, codes] of zoneCodes(parcel)) {
    for (const code of codes) {
      const alphas = await sources.parcels.alphas(code, varname, parcel.CANTON, 25);
      const match = alphas.find((a) => a.code === code);
      if (match) zoneLabels.set(code, match.lang);
    }
  }
  return {
    parcel,
    objects,
    canton,
    surroundings: await parcelSurroundings(sources.parcels, parcel),
    priceLevel: await sources.priceLevels.chfPerM2(parcel.PRC_MUN),
    zoneLabels,
  };
}
