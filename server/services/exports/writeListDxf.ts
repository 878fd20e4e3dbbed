import {
  DxfWriter,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  point2d,
  point3d,
} from '@tarikjabiri/dxf';
import { envelopeOf } from '../../geo/wkb';
import { labelPoint } from '../reports/map/labelPoint';
import { DXF_LAYERS, openRing } from '../reports/dxf/lv95Drawing';
import type { Lv95Ring } from '../reports/parcelSurroundings';
import { lv95Polygons, type ExportTable } from './ListExportTable';

/** Parcel numbers 2.5 mm high on a 1:1000 print, metres. */
const NUMBER_HEIGHT = 2.5;
const NOTE_HEIGHT = 1.8;

/**
 * All the list's parcels in one DXF drawing, in LV95 (EPSG:2056) metres as stored: each boundary a closed
 * LWPOLYLINE on the survey's parcel layer (DXF-Geobau names, as the single-parcel export), its number inside
 * it, and the list's name with the CRS on the plan information layer.
 */
export function writeListDxf(table: ExportTable, title: string): Buffer {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  for (const layer of [DXF_LAYERS.info, DXF_LAYERS.parcel, DXF_LAYERS.parcelNumbers])
    dxf.addLayer(layer.name, layer.color, 'CONTINUOUS');
  const parcels = table.rows.map(({ parcel }) => ({ parcel, polygons: lv95Polygons(parcel) }));
  const [minE, maxE, minN, maxN] = envelopeOf(parcels.flatMap((p) => p.polygons));
  if (Number.isFinite(minE)) {
    dxf.setVariable('$EXTMIN', { 10: minE, 20: minN, 30: 0 });
    dxf.setVariable('$EXTMAX', { 10: maxE, 20: maxN, 30: 0 });
  }
  for (const { parcel, polygons } of parcels) {
    for (const rings of polygons)
      for (const ring of rings)
        dxf.addLWPolyline(
          openRing(ring as Lv95Ring).map(([e, n]) => ({ point: point2d(e, n) })),
          { flags: LWPolylineFlags.Closed, layerName: DXF_LAYERS.parcel.name },
        );
    const outline = polygons[0] as Lv95Ring[] | undefined;
    if (!outline) continue;
    const [west, east, south, north] = envelopeOf([outline]);
    const at = labelPoint(outline, [west, south, east, north], 0, 0);
    if (at)
      dxf.addText(point3d(at[0], at[1], 0), NUMBER_HEIGHT, parcel.PRC_NO, {
        layerName: DXF_LAYERS.parcelNumbers.name,
        horizontalAlignment: TextHorizontalAlignment.Center,
        verticalAlignment: TextVerticalAlignment.Middle,
        secondAlignmentPoint: point3d(at[0], at[1], 0),
      });
  }
  if (Number.isFinite(minE))
    dxf.addText(point3d(minE, maxN + 4, 0), NOTE_HEIGHT, `${title} - ${parcels.length} - LV95 EPSG:2056`, {
      layerName: DXF_LAYERS.info.name,
    });
  return Buffer.from(dxf.stringify(), 'utf8');
}
