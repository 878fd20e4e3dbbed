import type { ParcelQuery } from './ParcelQuery';

export interface SqlFilter {
  /** Conditions on alias `p` (parcels), joined with AND; empty means every parcel. */
  conditions: string[];
  params: (string | number)[];
}

const EGRID = /^CH[0-9A-Z]{12}$/i;
const NUMBER = /^\d+[a-z]?$/i;
/** Swiss postcodes are four digits from 1000. */
const POSTCODE = /^[1-9]\d{3}$/;

/**
 * A list filter bound as ONE parameter: the values as a JSON array read with json_each. The SQL text is
 * the same whatever the list's length, so the prepared-statement cache holds one statement per shape.
 */
export const IN_JSON_LIST = '(SELECT value FROM json_each(?))';
const jsonList = (values: string[]) => JSON.stringify(values);

export interface TextTerms {
  egrids: string[];
  numbers: string[];
  /** FTS5 expression of the word prefixes, or null when there are none. */
  fts: string | null;
  /** The same words unquoted: each one a prefix phrase (the PostgreSQL adapter builds its tsquery of them). */
  words: string[];
}

/**
 * The text part: an EGRID matches prc_id, a bare number matches house or parcel number exactly (FTS
 * prefix queries on numbers are slow) — or, when it is a postcode of the dataset, that postcode's parcels —,
 * every other word is an accent-folded FTS prefix term.
 */
export function textTerms(text: string): TextTerms {
  const terms: TextTerms = { egrids: [], numbers: [], fts: null, words: [] };
  const { words } = terms;
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    if (EGRID.test(token)) terms.egrids.push(token.toUpperCase());
    else if (NUMBER.test(token)) terms.numbers.push(token);
    else {
      const clean = token.replace(/["*^():{}+-]/g, ' ').trim();
      for (const part of clean.split(/\s+/).filter(Boolean)) words.push(part);
    }
  }
  terms.fts = words.length > 0 ? words.map((word) => `"${word}"*`).join(' ') : null;
  return terms;
}

export interface WhereOptions {
  /**
   * Whether the dataset has this postcode, when the caller knows (one indexed lookup): then a postcode is
   * a plain `zip = ?` condition SQLite reads in id order from the zip index. Without it the SQL decides.
   */
  isPostcode?: (code: string) => boolean;
}

function textConditions(text: string, filter: SqlFilter, { isPostcode }: WhereOptions): void {
  const { egrids, numbers, fts } = textTerms(text);
  for (const egrid of egrids) {
    filter.conditions.push('p.prc_id = ?');
    filter.params.push(egrid);
  }
  for (const number of numbers) {
    if (POSTCODE.test(number) && isPostcode) {
      if (isPostcode(number)) {
        filter.conditions.push('p.zip = ?');
        filter.params.push(number);
      } else {
        filter.conditions.push('(p.house_no = ? OR p.prc_no = ?)');
        filter.params.push(number, number);
      }
    } else if (POSTCODE.test(number)) {
      // A four-digit number that is a postcode of the dataset means the place ("6300" → Zug), not house
      // number 6300; one that is not stays a house or parcel number. Written as a union of index lookups
      // (an OR across the two meanings made SQLite scan every parcel).
      filter.conditions.push(
        `p.id IN (SELECT id FROM parcels WHERE zip = ? UNION ALL SELECT id FROM parcels WHERE (house_no = ? OR prc_no = ?)
          AND NOT EXISTS (SELECT 1 FROM parcels z WHERE z.zip = ?))`,
      );
      filter.params.push(number, number, number, number);
    } else {
      filter.conditions.push('(p.house_no = ? OR p.prc_no = ?)');
      filter.params.push(number, number);
    }
  }
  if (fts) {
    filter.conditions.push('p.id IN (SELECT rowid FROM parcels_fts WHERE parcels_fts MATCH ?)');
    filter.params.push(fts);
  }
}

/** SQL conditions for every filter of spec §3, all on indexed or cheap columns. */
export function parcelWhere(query: ParcelQuery, options: WhereOptions = {}): SqlFilter {
  const filter: SqlFilter = { conditions: [], params: [] };
  const add = (condition: string, ...params: (string | number)[]) => {
    filter.conditions.push(condition);
    filter.params.push(...params);
  };
  if (query.text) textConditions(query.text, filter, options);
  if (query.canton) add('p.canton = ?', query.canton);
  if (query.locnames) {
    add(
      `p.mun_bfs IN (SELECT bfs FROM municipalities WHERE name IN ${IN_JSON_LIST})`,
      jsonList(query.locnames),
    );
  }
  if (query.streets) add(`p.street IN ${IN_JSON_LIST}`, jsonList(query.streets));
  if (query.thermals) add(`p.grn_trm IN ${IN_JSON_LIST}`, jsonList(query.thermals));
  if (query.alphaPri) add('p.alpha_pri = ?', query.alphaPri);
  if (query.alphaSec) add('p.alpha_sec = ?', query.alphaSec);
  if (query.prcNo) add('p.prc_no = ?', query.prcNo);
  if (query.prcId) add('p.prc_id = ?', query.prcId);
  if (query.surface) add('p.sur BETWEEN ? AND ?', query.surface.from, query.surface.to);
  if (query.objects === 'With') add('p.obj_count > 0');
  if (query.objects === 'Without') add('p.obj_count = 0');
  if (query.radon) add('p.grn_rad BETWEEN ? AND ?', query.radon.from, query.radon.to);
  if (query.proBun) add('p.pro_bun = 1');
  if (query.excludeRoads) add("p.ind = 'Standard'");
  if (query.typ) add('p.typ = ?', query.typ);
  if (query.freeway) add('p.freeway BETWEEN ? AND ?', query.freeway.from, query.freeway.to);
  if (query.putra) add('p.putra BETWEEN ? AND ?', query.putra.from, query.putra.to);
  if (query.reserve) add('p.reserve BETWEEN ? AND ?', query.reserve.from, query.reserve.to);
  if (query.utilisation) add('p.utilisation BETWEEN ? AND ?', query.utilisation.from, query.utilisation.to);
  return filter;
}

export function whereClause(filter: SqlFilter): string {
  return filter.conditions.length > 0 ? `WHERE ${filter.conditions.join(' AND ')}` : '';
}
