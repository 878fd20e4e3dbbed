import type { MapLayerId } from './MapLayers';

/**
 * Printing the map view to scale (ADR 033): `POST /v1/secure/maps/print` with a MapPrintRequest answers
 * the PDF (application/pdf, an attachment). The page layout is fixed per paper and orientation, so the
 * browser shows the same ground extent as its print frame that the server draws.
 */

/** The plan scales (1:N) a print can have, as Swiss surveyors and planners print. */
export const PRINT_SCALES = [500, 1000, 2000, 2500, 5000, 10_000, 25_000] as const;
export type PrintScale = (typeof PRINT_SCALES)[number];

export const PRINT_PAPERS = ['A4', 'A3'] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];

export const PRINT_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type PrintOrientation = (typeof PRINT_ORIENTATIONS)[number];

export const PRINT_LOCALES = ['en', 'de', 'fr', 'it'] as const;
export type PrintLocale = (typeof PRINT_LOCALES)[number];

export const PRINT_TITLE_MAX_LENGTH = 80;
/** The share link's query string (filters, camera, parcel, layers) the QR code opens. */
export const PRINT_VIEW_QUERY_MAX_LENGTH = 2000;

/** Switzerland's extent in LV95 (EPSG:2056) metres: a print's centre must lie inside. */
export const LV95_SWITZERLAND = { minE: 2_485_000, maxE: 2_834_000, minN: 1_075_000, maxN: 1_296_000 };

export interface MapPrintRequest {
  paper: PrintPaper;
  orientation: PrintOrientation;
  scale: PrintScale;
  /** The map frame's centre, LV95 metres. */
  center: { east: number; north: number };
  /** The thematic layers switched on, bottom to top. */
  layers: MapLayerId[];
  /** The user's title over the map; the default title when empty. */
  title?: string;
  /** The language of the print. */
  locale: PrintLocale;
  /** The map view's query string without `?` (the share link), encoded in the QR code. */
  view?: string;
}

/** Paper sizes in millimetres, portrait. */
const PAPER_MM: Record<PrintPaper, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
};

/** The page's fixed parts, millimetres: margin all round, the title band above and the legend band below the map. */
export const PRINT_LAYOUT_MM = { margin: 10, header: 13, footer: 42 } as const;

export function paperSize(
  paper: PrintPaper,
  orientation: PrintOrientation,
): { width: number; height: number } {
  const { width, height } = PAPER_MM[paper];
  return orientation === 'portrait' ? { width, height } : { width: height, height: width };
}

/** The map frame on the page, millimetres. */
export function printMapSize(
  paper: PrintPaper,
  orientation: PrintOrientation,
): { width: number; height: number } {
  const page = paperSize(paper, orientation);
  const { margin, header, footer } = PRINT_LAYOUT_MM;
  return { width: page.width - 2 * margin, height: page.height - 2 * margin - header - footer };
}

/** The ground the map frame covers at 1:scale, metres (width east–west, height north–south). */
export function printGroundSize(
  paper: PrintPaper,
  orientation: PrintOrientation,
  scale: number,
): { width: number; height: number } {
  const map = printMapSize(paper, orientation);
  return { width: (map.width / 1000) * scale, height: (map.height / 1000) * scale };
}

/**
 * The print frame around a centre, LV95 [minE, minN, maxE, maxN]: exactly what the page shows.
 */
export function printFrame(
  request: Pick<MapPrintRequest, 'paper' | 'orientation' | 'scale' | 'center'>,
): [number, number, number, number] {
  const { width, height } = printGroundSize(request.paper, request.orientation, request.scale);
  const { east, north } = request.center;
  return [east - width / 2, north - height / 2, east + width / 2, north + height / 2];
}

/**
 * The standard scale nearest to a map view's scale (compared on a log scale: 1:3'000 is nearer 1:2'500
 * than 1:5'000).
 */
export function nearestPrintScale(scale: number): PrintScale {
  let best: PrintScale = PRINT_SCALES[0];
  for (const candidate of PRINT_SCALES) {
    if (Math.abs(Math.log(candidate / scale)) < Math.abs(Math.log(best / scale))) best = candidate;
  }
  return best;
}
