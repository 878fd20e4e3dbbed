import type { FixedPoint } from '../../../src/contract/Parcel';
import type { LandSite } from '../../../src/contract/Sites';
import { lv95ToLonLat } from '../../geo/projection';
import type { PlanCentre } from '../reports/parcelSurroundings';
import type { ReportSubject } from '../reports/ReportSubject';
import { siteElevation, type SiteElevation } from '../reports/siteElevation';
import { polygonsOf } from './siteOutline';

/** The site as the centre of a plan: its outline, its middle, no id or number of its own. */
export function siteCentre(site: LandSite): PlanCentre {
  const points = polygonsOf(site.outlineLv95).flat(2);
  const es = points.map((p) => p[0]);
  const ns = points.map((p) => p[1]);
  const e = (Math.min(...es) + Math.max(...es)) / 2;
  const n = (Math.min(...ns) + Math.max(...ns)) / 2;
  return {
    PRC_ID: '',
    PRC_NO: '',
    PRC_COO_X: e,
    PRC_COO_Y: n,
    centroid: { type: 'Point', coordinates: lv95ToLonLat(e, n) },
    geometryLv95: site.outlineLv95,
  };
}

/** The fixed points of all the site's parcels, each once. */
export const siteFixedPoints = (subjects: readonly ReportSubject[]): FixedPoint[] => [
  ...new Map(
    subjects.flatMap((s) => s.parcel.FIXPOINTS ?? []).map((point) => [point.FIX_NAM, point] as const),
  ).values(),
];

/** The ground's height of the first parcel that has one (the parcels of a site are neighbours). */
export const siteGround = (subjects: readonly ReportSubject[]): SiteElevation =>
  subjects.map(siteElevation).find((ground) => ground.fixedPoint !== null) ?? { metres: 0, fixedPoint: null };

/** "Zürich (ZH)" or, across a municipal border, "Zug, Baar (ZG)". */
export function sitePlace(site: LandSite): string {
  const places = [...new Set(site.parcels.map((p) => p.place))].join(', ');
  const cantons = [...new Set(site.parcels.map((p) => p.canton))].join(', ');
  return `${places} (${cantons})`;
}
