import type { AlphaItem, Canton, LangMap, ThermalItem } from '../../../../src/contract/Parcel';

/** Lower case without accents, so "hunenberg" finds "Hünenberg" in the lookups as in the text index. */
export function fold(text: unknown): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A LIKE pattern (escape character `\`) finding the folded `q` anywhere in a folded value. */
export const containsPattern = (q: string) => `%${fold(q).replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export interface CantonRow {
  bfs: number;
  code: string;
  name: string;
  url_oreb: string;
}

export const toCanton = (row: CantonRow): Canton => ({
  _id: String(row.bfs),
  code: row.code,
  urlOREB: row.url_oreb,
  name: row.name,
});

export const toThermal = (r: { code: string; canton: string; lang: string }): ThermalItem => ({
  code: r.code,
  canton: r.canton,
  lang: JSON.parse(r.lang) as LangMap,
});

export const toAlpha = (r: { code: string; canton: string; varname: string; lang: string }): AlphaItem => ({
  ...r,
  lang: JSON.parse(r.lang) as LangMap,
});

export const toStreet = (r: { id: number; name: string; canton: string; locname: string }) => ({
  _id: String(r.id),
  code: r.name,
  canton: r.canton,
  locname: r.locname,
});
