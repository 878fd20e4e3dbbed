import type { LandSite, SiteParcel } from '../../../src/contract/Sites';
import { lv95ToLonLat } from '../../geo/projection';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import { assessParcel } from '../reports/assessment/assessParcel';
import type { ReportSubject } from '../reports/ReportSubject';
import { siteConstraints } from './siteConstraints';
import { geometryOf, polygonsArea, polygonsOf, unitedOutline, type Polygons } from './siteOutline';

/** WGS84 degrees to eight decimals (a millimetre), as the detail routes give surveyed outlines. */
const degrees = (value: number) => Math.round(value * 1e8) / 1e8;

const toWgs84 = (polygons: Polygons): Polygons =>
  polygons.map((polygon) =>
    polygon.map((ring) =>
      ring.map(([e, n]) => {
        const [lon, lat] = lv95ToLonLat(e, n);
        return [degrees(lon), degrees(lat)];
      }),
    ),
  );

const sum = (values: (number | null)[]): number => values.reduce<number>((total, v) => total + (v ?? 0), 0);

/** One parcel's line of the site: its register facts and the assessment's figures. */
function siteParcel(subject: ReportSubject): SiteParcel {
  const { parcel } = subject;
  const { potential } = assessParcel(subject);
  return {
    egrid: parcel.PRC_ID,
    number: parcel.PRC_NO,
    place: parcel.LOCNAME,
    canton: parcel.CANTON,
    area: parcel.PRC_SUR,
    buildableFloorArea: potential.buildableFloorArea,
    reserve: potential.reserve,
  };
}

/**
 * The site of neighbouring parcels (checked by the caller): the union of their LV95 outlines, the sums
 * of their register areas and of the assessment's buildable floor area and reserve (the one rule every
 * parcel figure comes from), and their constraints united per theme.
 */
export function assembleSite(subjects: readonly ReportSubject[], t: LanguageTranslator): LandSite {
  const parcels = subjects.map(siteParcel);
  const outline = unitedOutline(subjects.map((s) => polygonsOf(s.parcel.geometryLv95)));
  return {
    parcels,
    area: sum(parcels.map((p) => p.area)),
    outlineArea: Math.round(polygonsArea(outline) * 100) / 100,
    buildableFloorArea: sum(parcels.map((p) => p.buildableFloorArea)),
    reserve: sum(parcels.map((p) => p.reserve)),
    outlineLv95: geometryOf(outline),
    outline: geometryOf(toWgs84(outline)),
    constraints: siteConstraints(
      subjects.map((s) => s.parcel),
      t,
    ),
  };
}
