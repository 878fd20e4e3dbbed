import type { LandSite } from '../../../src/contract/Sites';
import { SITE_DXF_LAYER } from '../reports/dxf/lv95Drawing';
import { writePlanDxf } from '../reports/dxf/writeParcelDxf';
import type { ParcelSurroundings } from '../reports/parcelSurroundings';
import type { ReportSubject } from '../reports/ReportSubject';
import { siteFixedPoints, siteGround, sitePlace } from './siteSubjects';

/**
 * The site as a DXF drawing with the parcel DXF's survey layers: the site's outline on `06-LS-Areal`, its
 * parcels on `06-LS-Grundstueck` with their numbers, the neighbourhood, the parcels' buildings extruded,
 * their fixed points and a plan note naming the parcels' EGRIDs.
 */
export function writeSiteDxf(
  site: LandSite,
  subjects: readonly ReportSubject[],
  surroundings: ParcelSurroundings,
): string {
  return writePlanDxf({
    surroundings,
    objects: subjects.flatMap((s) => s.objects),
    fixedPoints: siteFixedPoints(subjects),
    ground: siteGround(subjects),
    centreLayer: SITE_DXF_LAYER,
    centreNumber: '',
    members: new Set(site.parcels.map((p) => p.egrid)),
    title: `Areal ${site.parcels.map((p) => p.number).join(', ')} ${sitePlace(site)} EGRID ${site.parcels
      .map((p) => p.egrid)
      .join(', ')}`,
  });
}
