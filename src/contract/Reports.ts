/**
 * Reports, exports and external links of a parcel (spec §1, §7). Shared by server and browser.
 */
import type { ParcelFullResponse } from './Parcel';

/** The languages a report can be written in; the browser defaults to the UI language. */
export const REPORT_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** A locale ("de", "fr-CH") as a report language; English for anything else. */
export const reportLanguageOf = (locale: string): ReportLanguage =>
  REPORT_LANGUAGES.find((language) => locale.toLowerCase().startsWith(language)) ?? 'en';

/** `GET /v1/secure/maps/ai-report-token/{prcid}` and `GET /v1/secure/maps/export-token/{prcid}`. */
export interface OneTimeTokenResponse {
  /** Single use, bound to the user and the parcel. */
  token: string;
  /** ISO date-time; five minutes after issue. */
  expiresAt: string;
}

/** What the drawer's action bar can produce on the server. */
export type ReportFileFormat = 'pdf' | 'dxf' | 'ifc';

/** Paths under the main server's `/v1/secure/` (the tab URLs carry the one-time token, not a bearer). */
export const REPORT_PATHS = {
  aiReportToken: (prcId: string) => `maps/ai-report-token/${encodeURIComponent(prcId)}`,
  exportToken: (prcId: string) => `maps/export-token/${encodeURIComponent(prcId)}`,
  /** The assessment of one parcel (spec §7). */
  aiReportForPlot: 'ai-reports/generate-ai-report-for-plot',
  /** The assessment of the current selection (spec §7); without a parcel it says no-plot-item-selected. */
  aiReport: 'ai-reports/generate-ai-report',
  file: (format: ReportFileFormat) => `reports/${format}`,
} as const;

/** Query of every tab URL: the parcel, the report language and the one-time token (spec §7 names). */
export interface ReportTabQuery {
  prcid: string;
  lang: ReportLanguage;
  ott_token: string;
}

export const reportTabQuery = (query: ReportTabQuery): string => new URLSearchParams({ ...query }).toString();

/** What an external link is built from: the parcel's identifiers and where it lies. */
export interface ExternalLinkParcel {
  /** EGRID, the federal parcel identifier (PRC_ID). */
  egrid: string;
  prcNo: string;
  canton: string;
  /** The canton's own register (ÖREB cadastre) portal: Canton.urlOREB. */
  cantonRegisterUrl: string;
  municipality: string;
  /** LV95 (EPSG:2056) metres of the parcel's centroid. */
  east: number;
  north: number;
  /** LV95 of the parcel's largest building, else of the parcel (solar potential is per roof). */
  buildingEast: number;
  buildingNorth: number;
  lang: ReportLanguage;
  /** A demo parcel: its EGRID is invented, so no canton's register knows it. */
  synthetic: boolean;
}

export type ExternalLinkId = 'register' | 'regulations' | 'solar' | 'elevation3d';

export interface ExternalLink {
  id: ExternalLinkId;
  /** Translation id of the action's label. */
  labelId: string;
  url: (parcel: ExternalLinkParcel) => string;
}

const round = (value: number) => Math.round(value);

/** The words a building-regulations search adds to the municipality's name, per language. */
const REGULATIONS_QUERY: Record<ReportLanguage, string> = {
  en: 'building regulations',
  de: 'Bau- und Zonenreglement',
  fr: 'règlement des constructions',
  it: 'regolamento edilizio',
};

/**
 * Every external link of a parcel, one row each: the only place their URL patterns live (docs/features.md
 * "External links"). They open in a new tab with the parcel's identifiers.
 */
export const EXTERNAL_LINKS: readonly ExternalLink[] = [
  {
    // The canton's ÖREB cadastre portal, asked for the parcel by its EGRID (the federal ÖREB parameter).
    // A demo parcel's EGRID is invented: the federal map's cadastral web map at its position instead,
    // where a click on the real parcel there gives its EGRID and ÖREB extract.
    id: 'register',
    labelId: 'reports.action.register',
    url: (p) =>
      p.synthetic
        ? `https://map.geo.admin.ch/#/map?lang=${p.lang}&center=${round(p.east)},${round(p.north)}&z=13&bgLayer=ch.swisstopo.pixelkarte-grau&layers=ch.kantone.cadastralwebmap-farbe`
        : `${p.cantonRegisterUrl}${p.cantonRegisterUrl.includes('?') ? '&' : '?'}egrid=${encodeURIComponent(p.egrid)}`,
  },
  {
    // Municipal building regulations are not served at one national address: LexFind, the index of Swiss
    // cantonal and communal law, searched for the municipality's building and zoning regulations.
    id: 'regulations',
    labelId: 'reports.action.regulations',
    url: (p) =>
      `https://www.lexfind.ch/fe/${p.lang}/search?${new URLSearchParams({ query: `${p.municipality} ${REGULATIONS_QUERY[p.lang]}` }).toString()}`,
  },
  {
    // The federal solar roof cadastre (Sonnendach) layer of the federal map viewer at the building.
    id: 'solar',
    labelId: 'reports.action.solar',
    url: (p) =>
      `https://map.geo.admin.ch/#/map?lang=${p.lang}&center=${round(p.buildingEast)},${round(p.buildingNorth)}&z=13&bgLayer=ch.swisstopo.swissimage&layers=ch.bfe.solarenergie-eignung-daecher`,
  },
  {
    // The federal map viewer in 3D, centred on the parcel.
    id: 'elevation3d',
    labelId: 'reports.action.elevation3d',
    url: (p) =>
      `https://map.geo.admin.ch/#/map?lang=${p.lang}&center=${round(p.east)},${round(p.north)}&z=12&bgLayer=ch.swisstopo.swissimage&3d`,
  },
];

/** The identifiers a parcel's external links need, from its full details. */
export function externalLinkParcel(detail: ParcelFullResponse, lang: ReportLanguage): ExternalLinkParcel {
  const { feature, objects, canton } = detail;
  // Solar potential is per roof: the parcel's largest building, else the parcel itself.
  const largest = objects.reduce<(typeof objects)[number] | null>(
    (best, o) => (best === null || o.OBJ_SUR > best.OBJ_SUR ? o : best),
    null,
  );
  return {
    egrid: feature.PRC_ID,
    prcNo: feature.PRC_NO,
    canton: feature.CANTON,
    cantonRegisterUrl: canton.urlOREB,
    municipality: feature.LOCNAME,
    east: feature.PRC_COO_X,
    north: feature.PRC_COO_Y,
    buildingEast: largest?.OBJ_COO_X ?? feature.PRC_COO_X,
    buildingNorth: largest?.OBJ_COO_Y ?? feature.PRC_COO_Y,
    lang,
    synthetic: feature.PRC_SRC === 'synthetic',
  };
}

/** The URL of one external link of a parcel. */
export function externalLinkUrl(id: ExternalLinkId, parcel: ExternalLinkParcel): string {
  const link = EXTERNAL_LINKS.find((candidate) => candidate.id === id);
  if (!link) throw new Error(`Unknown external link ${id}`);
  return link.url(parcel);
}
