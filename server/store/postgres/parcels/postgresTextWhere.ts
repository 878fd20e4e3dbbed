import type { ParcelQuery } from '../../contract/parcels/ParcelQuery';
import { textTerms } from '../../contract/parcels/parcelWhere';
import type { SqlValue } from '../PostgresConnection';
import { parcelTextQuery } from './parcelTextSearch';

/** Swiss postcodes are four digits from 1000. */
const POSTCODE = /^[1-9]\d{3}$/;

export interface PostgresFilter {
  /** Conditions on alias `p` (parcels) with `$n` placeholders numbered from 1, joined with AND. */
  conditions: string[];
  params: SqlValue[];
}

/**
 * The text, parcel-number and EGRID part of a query as PostgreSQL conditions, with the rules of SQLite's
 * parcelWhere: an EGRID matches prc_id, a bare number a house or parcel number exactly — or, when the
 * dataset has it as a postcode, that postcode's parcels —, every other word is a prefix phrase of the text
 * index (parcelTextSearch). The other filters are checked in memory (ParcelFilterIndex).
 */
export async function postgresTextWhere(
  query: Pick<ParcelQuery, 'text' | 'prcNo' | 'prcId'>,
  isPostcode: (code: string) => Promise<boolean>,
): Promise<PostgresFilter> {
  const filter: PostgresFilter = { conditions: [], params: [] };
  const add = (condition: (n: (value: SqlValue) => string) => string) => {
    filter.conditions.push(
      condition((value) => {
        filter.params.push(value);
        return `$${filter.params.length}`;
      }),
    );
  };
  if (query.text) {
    const { egrids, numbers, words } = textTerms(query.text);
    for (const egrid of egrids) add((n) => `p.prc_id = ${n(egrid)}`);
    for (const number of numbers) {
      if (POSTCODE.test(number) && (await isPostcode(number))) add((n) => `p.zip = ${n(number)}`);
      else add((n) => `(p.house_no = ${n(number)} OR p.prc_no = ${n(number)})`);
    }
    if (words.length > 0) {
      const tsquery = parcelTextQuery(words);
      // Words without a letter or digit ("."): FTS5 finds nothing for them either.
      add((n) => (tsquery === null ? 'false' : `p.text_search @@ ${n(tsquery)}::tsquery`));
    }
  }
  if (query.prcNo) add((n) => `p.prc_no = ${n(query.prcNo as string)}`);
  if (query.prcId) add((n) => `p.prc_id = ${n(query.prcId as string)}`);
  return filter;
}
