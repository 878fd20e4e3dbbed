import type PDFDocument from 'pdfkit';
import {
  dataLayerLegend,
  RESERVE_LEGEND_ITEMS,
  solarLegendItems,
  type LegendItem,
} from '../../../src/contract/LayerLegends';
import type { DataLayerId } from '../../../src/contract/MapLayers';
import { formatLv95Value } from '../../../src/lib/geo/lv95Format';
import { boxesOverlap, type Box } from '../reports/map/labelPoint';
import { pointsPerMetre, type Lv95Frame } from '../reports/map/mapScale';
import type { Lv95Ring } from '../reports/parcelSurroundings';
import {
  MAP_COLORS,
  measure,
  northArrow,
  plate,
  ringPath,
  scaleBar,
  type MapBox,
  type PagePoint,
} from '../reports/pdf/mapMarks';
import { parcelLabelPlacer } from '../reports/pdf/parcelLabels';
import type { PrintContent, PrintedLayerId } from './printContent';

type Doc = InstanceType<typeof PDFDocument>;

/** Grey of a class the legend does not know (as the map's style files colour it). */
const UNKNOWN_CLASS = '#9e9e9e';
/** The largest scale denominator at which parcel numbers are printed; beyond they would not be read. */
const NUMBERED_UP_TO = 5000;
/** Grid spacings in metres, the finest that gives at most this many lines across the frame. */
const GRID_STEPS = [25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000];
const GRID_MAX_LINES = 7;

const GRID_COLOR = '#0f5d66';

export interface PrintMapLabels {
  north: string;
  /** "Scale 1:1’000". */
  scale: string;
}

/** Which classes of each printed layer the frame shows, for the legend. */
export type ClassesShown = Map<PrintedLayerId, Set<string>>;

/** The map's drawing on the page: where its furniture went and which classes it showed. */
export interface DrawnPrintMap {
  classesShown: ClassesShown;
  /** The scale bar's panel, PDF points from the top left. */
  scaleBarPanel: Box;
  gridStep: number;
}

/** A colour per class value, from legend rows. */
const colourOf = (items: readonly LegendItem[]) => {
  const byValue = new Map(items.map((item) => [item.value, item.colour]));
  return (value: string) => byValue.get(value) ?? UNKNOWN_CLASS;
};

/** The building-reserve class of a reserve in m²: the last class whose lower bound it reaches. */
function reserveClass(reserve: number): LegendItem {
  let found = RESERVE_LEGEND_ITEMS[0];
  for (const item of RESERVE_LEGEND_ITEMS) if (reserve >= Number(item.value)) found = item;
  return found;
}

export function gridStep(widthMetres: number): number {
  return GRID_STEPS.find((step) => widthMetres / step <= GRID_MAX_LINES) ?? GRID_STEPS[GRID_STEPS.length - 1];
}

/** Fills one feature's rings in a colour (even-odd: holes stay open), at the current opacity. */
function fillRings(doc: Doc, rings: PagePoint[][], colour: string): void {
  ringPath(doc, rings);
  doc.fill(colour, 'even-odd');
}

/** The thematic areas, lines and points of one data layer, in the map's legend colours. */
function drawDataLayer(
  doc: Doc,
  id: DataLayerId,
  features: PrintContent['layers'][number]['features'],
  toPage: (rings: Lv95Ring[]) => PagePoint[][],
  shown: Set<string>,
): void {
  const colour = colourOf(dataLayerLegend(id).items);
  const footprints = id === 'underground';
  doc.save();
  doc.fillOpacity(footprints ? 0.7 : 0.55);
  for (const feature of features) {
    if (feature.kind !== 'area') continue;
    shown.add(feature.value);
    const rings = toPage(feature.rings);
    fillRings(doc, rings, colour(feature.value));
    if (footprints || id === 'alpha-zones' || id === 'bravo-zones') {
      ringPath(doc, rings);
      doc
        .lineWidth(0.4)
        .strokeOpacity(0.6)
        .stroke(footprints ? '#263238' : '#5f5a4f');
    }
  }
  doc.restore();
  for (const feature of features) {
    if (feature.kind !== 'line') continue;
    shown.add(feature.value);
    const [line] = toPage(feature.rings);
    if (!line) continue;
    line.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    doc.lineWidth(1).stroke(colour(feature.value));
  }
  for (const feature of features) {
    if (feature.kind !== 'point') continue;
    shown.add(feature.value);
    const [[x, y] = [NaN, NaN]] = toPage(feature.rings)[0] ?? [];
    if (!Number.isFinite(x)) continue;
    doc.circle(x, y, 2.4).lineWidth(0.8).fillAndStroke(colour(feature.value), MAP_COLORS.panel);
  }
}

/**
 * The LV95 grid: thin lines across the frame every `step` metres, ticks on all four edges, the
 * eastings along the top edge and the northings along the left one — inside the frame on white plates,
 * each left out where it would leave the frame or touch the scale bar or north arrow (`taken`).
 */
function drawGrid(
  doc: Doc,
  box: MapBox,
  frame: Lv95Frame,
  step: number,
  point: (e: number, n: number) => PagePoint,
  taken: Box[],
): void {
  const [minE, minN, maxE, maxN] = frame;
  const eastings: number[] = [];
  for (let e = Math.ceil(minE / step) * step; e <= maxE; e += step) eastings.push(e);
  const northings: number[] = [];
  for (let n = Math.ceil(minN / step) * step; n <= maxN; n += step) northings.push(n);
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  doc.save();
  doc.lineWidth(0.3).strokeOpacity(0.45);
  for (const e of eastings) {
    const [x] = point(e, minN);
    doc.moveTo(x, box.y).lineTo(x, bottom);
  }
  for (const n of northings) {
    const [, y] = point(minE, n);
    doc.moveTo(box.x, y).lineTo(right, y);
  }
  doc.stroke(GRID_COLOR);
  doc.restore();
  doc.lineWidth(0.7);
  for (const e of eastings) {
    const [x] = point(e, minN);
    doc
      .moveTo(x, box.y)
      .lineTo(x, box.y + 5)
      .moveTo(x, bottom)
      .lineTo(x, bottom - 5);
  }
  for (const n of northings) {
    const [, y] = point(minE, n);
    doc
      .moveTo(box.x, y)
      .lineTo(box.x + 5, y)
      .moveTo(right, y)
      .lineTo(right - 5, y);
  }
  doc.stroke(GRID_COLOR);

  const label = (text: string, at: (width: number, height: number) => PagePoint) => {
    const { width, height } = measure(doc, 'regular', 6, text);
    const [x, y] = at(width, height);
    const area: Box = [x - 1.5, y - 0.5, x + width + 1.5, y + height + 0.5];
    const inside =
      area[0] >= box.x + 1 && area[2] <= right - 1 && area[1] >= box.y + 1 && area[3] <= bottom - 1;
    if (!inside || taken.some((other) => boxesOverlap(area, other))) return;
    taken.push(area);
    plate(doc, area);
    doc.font('regular').fontSize(6).fillColor(GRID_COLOR);
    doc.text(text, x, y, { lineBreak: false });
  };
  for (const e of eastings) {
    const [x] = point(e, minN);
    label(formatLv95Value(e, 0), (width) => [x - width / 2, box.y + 6.5]);
  }
  for (const n of northings) {
    const [, y] = point(minE, n);
    label(formatLv95Value(n, 0), (_width, height) => [box.x + 6.5, y - height / 2]);
  }
}

/**
 * The map of a print at 1:scale in `box`: the switched-on thematic layers in the map's legend colours
 * (building reserve, areas, then roofs and points over the cadastre), parcels and buildings, the LV95
 * grid, the scale bar, the north arrow and the parcel numbers (down to 1:5'000) — every label inside
 * the frame and none over another. One save/clip/restore holds the geometry, so q/Q stay balanced.
 */
export function drawPrintMap(
  doc: Doc,
  box: MapBox,
  content: PrintContent,
  scale: number,
  labels: PrintMapLabels,
): DrawnPrintMap {
  const [minE, , , maxN] = content.frame;
  const perMetre = pointsPerMetre(scale);
  const point = (e: number, n: number): PagePoint => [
    box.x + (e - minE) * perMetre,
    box.y + (maxN - n) * perMetre,
  ];
  const toPage = (rings: Lv95Ring[]) => rings.map((ring) => ring.map(([e, n]) => point(e, n)));
  const parcels = content.parcels.map((parcel) => ({ ...parcel, page: toPage(parcel.rings) }));
  const buildings = content.buildings.map((building) => ({ ...building, page: toPage(building.rings) }));
  const classesShown: ClassesShown = new Map();
  const shownOf = (id: PrintedLayerId) => {
    let shown = classesShown.get(id);
    if (!shown) classesShown.set(id, (shown = new Set()));
    return shown;
  };
  const thin = scale > 2500;

  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.rect(box.x, box.y, box.width, box.height).fill(MAP_COLORS.panel);
  doc.lineJoin('round');
  if (content.reserveOn) {
    const shown = shownOf('building-reserve');
    doc.save();
    doc.fillOpacity(0.7);
    for (const parcel of parcels) {
      if (parcel.reserve === null) continue;
      const item = reserveClass(parcel.reserve);
      shown.add(item.value);
      fillRings(doc, parcel.page, item.colour);
    }
    doc.restore();
  }
  for (const layer of content.layers) drawDataLayerAreas(layer);
  // Parcel outlines as one path: one stroke for the whole cadastre.
  for (const parcel of parcels) ringPath(doc, parcel.page);
  doc.lineWidth(thin ? 0.2 : 0.4).stroke(MAP_COLORS.frame);
  doc.lineWidth(0.25);
  for (const building of buildings) {
    ringPath(doc, building.page);
    doc.fillAndStroke(MAP_COLORS.otherBuilding, '#8f8b82', 'even-odd');
  }
  if (content.solarOn) {
    const shown = shownOf('solar');
    const colour = colourOf(solarLegendItems());
    doc.save();
    doc.fillOpacity(0.9).lineWidth(0.3);
    for (const building of buildings) {
      if (!(Number(building.solar) > 0)) continue;
      shown.add(building.solar);
      ringPath(doc, building.page);
      doc.fillAndStroke(colour(building.solar), '#6d4c41', 'even-odd');
    }
    doc.restore();
  }
  for (const layer of content.layers) drawDataLayerMarks(layer);
  const step = gridStep(box.width / perMetre);
  const taken: Box[] = [];
  doc.restore();

  taken.push(scaleBar(doc, box, perMetre, labels.scale), northArrow(doc, box, labels.north));
  const scaleBarPanel = taken[0];
  drawGrid(doc, box, content.frame, step, point, taken);
  if (scale <= NUMBERED_UP_TO) {
    const place = parcelLabelPlacer(
      doc,
      box,
      taken,
      buildings.map((building) => building.page),
    );
    const style = {
      font: 'regular',
      size: scale <= 1000 ? 7.5 : 6.5,
      color: MAP_COLORS.text,
      onPlate: false,
    } as const;
    for (const parcel of parcels) if (parcel.prcNo) place(parcel.page, parcel.prcNo, style);
  }
  doc.lineWidth(0.8).rect(box.x, box.y, box.width, box.height).stroke(MAP_COLORS.text);
  return { classesShown, scaleBarPanel, gridStep: step };

  function drawDataLayerAreas(layer: PrintContent['layers'][number]) {
    drawDataLayer(
      doc,
      layer.id,
      layer.features.filter((feature) => feature.kind === 'area'),
      toPage,
      shownOf(layer.id),
    );
  }
  function drawDataLayerMarks(layer: PrintContent['layers'][number]) {
    drawDataLayer(
      doc,
      layer.id,
      layer.features.filter((feature) => feature.kind !== 'area'),
      toPage,
      shownOf(layer.id),
    );
  }
}
