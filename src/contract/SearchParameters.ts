/**
 * The search filters of spec §3, one row each, and the wire form they travel in. This table is the only
 * place a filter is named: the browser builds and reads its URL, the API query string, the filter chips and
 * the advanced dialog's draft from it; the server builds its querystring schema and `parseSearchQuery` from
 * it. Adding a filter is one row (plus the repository's SQL for it).
 */

/** Spec §5/§9: a one-sided range gets these on its other side, and reads them back as "not set". */
export const RANGE_LOWER_DEFAULT = 0;
export const RANGE_UPPER_DEFAULT = 99999999999;
/** Spec §5: the radon checkbox sends the range 0–9. */
export const RADON_FILTER_RANGE = [0, 9] as const;
export const DEFAULT_PAGE_SIZE = 12;
/** Spec §9: at most 100 pages, shown as '100+'. */
export const MAX_PAGES = 100;
export const MAX_PAGE_SIZE = 100;
/**
 * Matches counted exactly (Elasticsearch's track_total_hits): beyond it a search reports this many with
 * `relation: 'gte'` ("10,000+ results"). No page can reach past it (MAX_PAGES × MAX_PAGE_SIZE), so counting
 * further would cost time and show nothing more.
 */
export const TOTAL_HITS_CAP = MAX_PAGES * MAX_PAGE_SIZE;

/** A search export's answer headers: parcels in the file, and matches of the search (maps/export/{format}). */
export const SEARCH_EXPORT_COUNT_HEADER = 'x-export-parcels';
export const SEARCH_EXPORT_TOTAL_HEADER = 'x-search-total';
/** Longest single value (a text filter or one list item) the server accepts. */
export const MAX_VALUE_LENGTH = 200;
/** Most items a list filter may carry, counted after comma-splitting. */
export const MAX_LIST_ITEMS = 400;

/** Orders a search can ask for (largest first); without SORT the dataset's order (roads last). */
export const SEARCH_SORTS = ['reserve', 'area'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

interface RowBase<N extends string> {
  /** The spec's filter name: the query-string key (ranges add `_from` / `_to`). */
  name: N;
  /** Translation key of the chip and of the dialog's field; null: no chip (a scope, not a filter). */
  chipLabelId: string | null;
  /** Whether the filter makes a search an advanced one (maps/advance-search, counted against the plan). */
  advanced: boolean;
  /** Not shown in the advanced dialog (spec §2: the freeway and PUTRA ranges) but kept from a link. */
  hiddenInDialog?: boolean;
  /** The field of the server's ParcelQuery this filter becomes. */
  queryKey: string;
}

export interface TextRow<N extends string = string> extends RowBase<N> {
  kind: 'text';
  /** Stored and sent in upper case (canton codes, EGRID). */
  upperCase?: boolean;
  /** What a valid value looks like, with the message the server answers otherwise. */
  pattern?: { regex: RegExp; message: string };
}

export interface ListRow<N extends string = string> extends RowBase<N> {
  kind: 'list';
}

export interface RangeRow<N extends string = string> extends RowBase<N> {
  kind: 'range';
  /** Shown after the chip's numbers. */
  unit?: string;
}

export interface ChoiceRow<N extends string = string, C extends string = string> extends RowBase<N> {
  kind: 'choice';
  choices: readonly C[];
  /** Translation key per choice for the chip; the raw value shows where a choice has none. */
  choiceLabelIds?: Partial<Record<C, string>>;
}

export interface FlagRow<N extends string = string> extends RowBase<N> {
  kind: 'flag';
  /** Sent as `${name}_from` / `${name}_to` with this range instead of `${name}=true` (the radon rule). */
  wireRange?: readonly [number, number];
}

export type SearchParameter = TextRow | ListRow | RangeRow | ChoiceRow | FlagRow;

export const SEARCH_PARAMETERS = [
  { name: 'searchQuery', kind: 'text', chipLabelId: 'search.field.text', advanced: false, queryKey: 'text' },
  {
    name: 'CANTON',
    kind: 'text',
    upperCase: true,
    pattern: { regex: /^[A-Z]{2}$/, message: 'CANTON must be a canton code like ZG' },
    chipLabelId: 'search.field.canton',
    advanced: true,
    queryKey: 'canton',
  },
  {
    name: 'LOCNAME',
    kind: 'list',
    chipLabelId: 'search.field.municipality',
    advanced: true,
    queryKey: 'locnames',
  },
  { name: 'STREET', kind: 'list', chipLabelId: 'search.field.street', advanced: true, queryKey: 'streets' },
  {
    name: 'GRN_TRM',
    kind: 'list',
    chipLabelId: 'search.field.thermal',
    advanced: true,
    queryKey: 'thermals',
  },
  {
    name: 'ALPHA_PRI',
    kind: 'text',
    chipLabelId: 'search.field.alphaPri',
    advanced: true,
    queryKey: 'alphaPri',
  },
  {
    name: 'ALPHA_SEC',
    kind: 'text',
    chipLabelId: 'search.field.alphaSec',
    advanced: true,
    queryKey: 'alphaSec',
  },
  {
    name: 'PRC_NO',
    kind: 'text',
    chipLabelId: 'search.field.parcelNumber',
    advanced: true,
    queryKey: 'prcNo',
  },
  {
    name: 'PRC_ID',
    kind: 'text',
    upperCase: true,
    chipLabelId: 'search.field.parcelId',
    advanced: true,
    queryKey: 'prcId',
  },
  {
    name: 'PRC_SUR',
    kind: 'range',
    unit: 'm²',
    chipLabelId: 'search.field.parcelSize',
    advanced: true,
    queryKey: 'surface',
  },
  {
    name: 'OBJECT_OPTIONS',
    kind: 'choice',
    choices: ['With', 'Without'],
    choiceLabelIds: { With: 'search.objects.with', Without: 'search.objects.without' },
    chipLabelId: 'search.field.objects',
    advanced: true,
    queryKey: 'objects',
  },
  {
    name: 'GRN_RAD',
    kind: 'flag',
    wireRange: RADON_FILTER_RANGE,
    chipLabelId: 'search.field.radon',
    advanced: true,
    queryKey: 'radon',
  },
  {
    name: 'PRO_BUN',
    kind: 'flag',
    chipLabelId: 'search.field.protectedNational',
    advanced: true,
    queryKey: 'proBun',
  },
  // "Include roads" off (the dialog's default) sends PRC_IND=Standard: a scope, so no chip.
  {
    name: 'PRC_IND',
    kind: 'choice',
    choices: ['Standard'],
    chipLabelId: null,
    advanced: true,
    queryKey: 'excludeRoads',
  },
  {
    name: 'PRC_TYP',
    kind: 'choice',
    choices: ['Eigentum', 'Baurecht'],
    choiceLabelIds: { Eigentum: 'search.propertyType.freehold', Baurecht: 'search.propertyType.leasehold' },
    chipLabelId: 'search.field.propertyType',
    advanced: true,
    queryKey: 'typ',
  },
  {
    name: 'POT_RES',
    kind: 'range',
    unit: 'm²',
    chipLabelId: 'search.field.reserve',
    advanced: true,
    queryKey: 'reserve',
  },
  {
    name: 'POT_UTI',
    kind: 'range',
    chipLabelId: 'search.field.utilisation',
    advanced: true,
    queryKey: 'utilisation',
  },
  // The order of the results: not a filter, so no chip and not an advanced search by itself.
  {
    name: 'SORT',
    kind: 'choice',
    choices: SEARCH_SORTS,
    chipLabelId: null,
    advanced: false,
    queryKey: 'sort',
  },
  {
    name: 'FREEWAY',
    kind: 'range',
    hiddenInDialog: true,
    chipLabelId: 'search.field.freeway',
    advanced: true,
    queryKey: 'freeway',
  },
  {
    name: 'PUTRA',
    kind: 'range',
    hiddenInDialog: true,
    chipLabelId: 'search.field.putra',
    advanced: true,
    queryKey: 'putra',
  },
] as const satisfies readonly SearchParameter[];

type Row = (typeof SEARCH_PARAMETERS)[number];
export type SearchParameterName = Row['name'];

type ValueOf<R> = R extends { kind: 'list' }
  ? string[]
  : R extends { kind: 'choice'; choices: readonly (infer C)[] }
    ? C
    : R extends { kind: 'flag' }
      ? boolean
      : string;

type CriteriaOf<R> = R extends { kind: 'range'; name: infer N extends string }
  ? { [K in `${N}_from` | `${N}_to`]?: number }
  : R extends { name: infer N extends string }
    ? { [K in N]?: ValueOf<R> }
    : never;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * What the user asked for, keyed by the spec's filter names: ranges as `X_from` / `X_to` without the
 * one-sided defaults, flags as booleans (radon's 0–9 range is a wire detail).
 */
export type SearchCriteria = Flatten<Intersection<CriteriaOf<Row>>>;
export type SearchCriteriaKey = keyof SearchCriteria;

/** The page (1-based) and page size that travel with every search. */
export interface SearchPaging {
  page: number;
  size: number;
}

/** A key of the wire form and its value; lists repeat their key. */
export type QueryPair = [string, string];

/** The criteria keys a row fills (a range has two). */
export function criteriaKeysOf(row: SearchParameter): SearchCriteriaKey[] {
  const keys = row.kind === 'range' ? [`${row.name}_from`, `${row.name}_to`] : [row.name];
  return keys as SearchCriteriaKey[];
}

function isSetNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function rowPairs(row: SearchParameter, criteria: Record<string, unknown>): QueryPair[] {
  switch (row.kind) {
    case 'text': {
      const value = typeof criteria[row.name] === 'string' ? (criteria[row.name] as string).trim() : '';
      return value ? [[row.name, value]] : [];
    }
    case 'list': {
      const values = Array.isArray(criteria[row.name]) ? (criteria[row.name] as string[]) : [];
      return values
        .map((value) => value.trim())
        .filter(Boolean)
        .map((value) => [row.name, value]);
    }
    case 'range': {
      const from = criteria[`${row.name}_from`];
      const to = criteria[`${row.name}_to`];
      if (!isSetNumber(from) && !isSetNumber(to)) return [];
      return [
        [`${row.name}_from`, String(isSetNumber(from) ? from : RANGE_LOWER_DEFAULT)],
        [`${row.name}_to`, String(isSetNumber(to) ? to : RANGE_UPPER_DEFAULT)],
      ];
    }
    case 'choice': {
      const value = criteria[row.name];
      return typeof value === 'string' && (row.choices as readonly string[]).includes(value)
        ? [[row.name, value]]
        : [];
    }
    case 'flag': {
      if (criteria[row.name] !== true) return [];
      if (!row.wireRange) return [[row.name, 'true']];
      return [
        [`${row.name}_from`, String(row.wireRange[0])],
        [`${row.name}_to`, String(row.wireRange[1])],
      ];
    }
  }
}

/**
 * The wire form of a search (spec §5): empty values dropped, lists repeat their key, one-sided ranges
 * completed with 0 / 99999999999, radon as the range 0–9 when on, then page and size. The same pairs make
 * the API query and the browser's query string, so a shared link replays the same call.
 */
export function searchParamsFromCriteria(criteria: SearchCriteria, paging?: SearchPaging): QueryPair[] {
  const pairs = SEARCH_PARAMETERS.flatMap((row) => rowPairs(row, criteria as Record<string, unknown>));
  if (paging) pairs.push(['page', String(paging.page)], ['size', String(paging.size)]);
  return pairs;
}

/** The query string (without '?') that carries a search: filters plus page and size. */
export function queryStringFromSearch(criteria: SearchCriteria, paging?: SearchPaging): string {
  return new URLSearchParams(searchParamsFromCriteria(criteria, paging)).toString();
}

/**
 * A row without a chip (PRC_IND, the roads scope) is a scope: it narrows what any search lists but is not
 * something the user searched for, so it neither makes a search nor makes it advanced (counted).
 */
export const isScopeRow = (row: SearchParameter): boolean => row.chipLabelId === null;

/** Whether a search has any text or filter (spec §5: otherwise results clear and no call is made). */
export function hasSearchInput(criteria: SearchCriteria): boolean {
  const scopes = new Set<string>(SEARCH_PARAMETERS.filter(isScopeRow).map((r) => r.name));
  return searchParamsFromCriteria(criteria).some(([key]) => !scopes.has(key));
}

/** A search is advanced (maps/advance-search, counted) when it carries any advanced filter. */
export function isAdvancedCriteria(criteria: SearchCriteria): boolean {
  const advanced = new Set<string>(
    SEARCH_PARAMETERS.filter((row) => row.advanced && !isScopeRow(row)).flatMap((row) => [
      row.name,
      `${row.name}_from`,
    ]),
  );
  return searchParamsFromCriteria(criteria).some(([key]) => advanced.has(key));
}
