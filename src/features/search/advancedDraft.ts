import {
  hasSearchInput,
  SEARCH_PARAMETERS,
  type SearchCriteria,
  type SearchParameter,
  type SearchParameterName,
} from '../../contract/SearchParameters';
import { emptyOrAtLeast0, numberOnly } from '../../lib/validation/rules';

/**
 * The advanced dialog's form while the user edits it, derived from the search-parameter table by row
 * kind: text rows as text, lists as lists, ranges as two text inputs (so a wrong entry can show its
 * message), choices as one of their values, flags as checkboxes. The roads scope (PRC_IND) is the
 * "include roads" checkbox instead. Rows hidden in the dialog keep a shared link's values.
 */

type Row = (typeof SEARCH_PARAMETERS)[number];
/** The rows the dialog edits: every advanced filter but the roads scope (the checkbox). */
type DialogRow = Exclude<Row, { advanced: false } | { name: typeof ROADS_SCOPE }>;

type DraftOf<R> = R extends { kind: 'range'; name: infer N extends string }
  ? { [K in `${N}_from` | `${N}_to`]: string }
  : R extends { kind: 'list'; name: infer N extends string }
    ? { [K in N]: string[] }
    : R extends { kind: 'flag'; name: infer N extends string }
      ? { [K in N]: boolean }
      : R extends { kind: 'choice'; name: infer N extends string; choices: readonly (infer C)[] }
        ? { [K in N]?: C }
        : R extends { name: infer N extends string }
          ? { [K in N]?: string }
          : never;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

export type AdvancedSearchDraft = {
  [K in keyof Intersection<DraftOf<DialogRow>>]: Intersection<DraftOf<DialogRow>>[K];
} & {
  /** "Include roads": off (the default) sends the roads scope PRC_IND=Standard. */
  includeRoads: boolean;
  /**
   * The quick-search text the advanced search also sends: shown and editable in the dialog, so a forgotten
   * "Zug" cannot silently narrow a search for canton GE to nothing. Optional: drafts in
   * snapshots saved before it existed have none.
   */
  searchQuery?: string;
};

/** The roads scope row: the dialog shows it as the "include roads" checkbox, inverted. */
const ROADS_SCOPE = 'PRC_IND';
const ROADS_EXCLUDED = 'Standard';

/** The dialog's type-to-find selects, each backed by one lookup of spec §7. */
export type LookupField = 'canton' | 'locname' | 'street' | 'thermal' | 'alphaPri' | 'alphaSec';

/** Which rows the dialog edits with a lookup select; an empty lookup is unset rather than ''. */
export const LOOKUP_FIELDS: Partial<Record<SearchParameterName, LookupField>> = {
  CANTON: 'canton',
  LOCNAME: 'locname',
  STREET: 'street',
  GRN_TRM: 'thermal',
  ALPHA_PRI: 'alphaPri',
  ALPHA_SEC: 'alphaSec',
};

/** The rows of the dialog's draft, in the table's order. */
export const DIALOG_ROWS: readonly SearchParameter[] = SEARCH_PARAMETERS.filter(
  (row) => row.advanced && row.name !== ROADS_SCOPE,
);

/** The criteria keys kept in hidden inputs (spec §2: the freeway and PUTRA ranges). */
export const HIDDEN_DRAFT_KEYS: readonly string[] = DIALOG_ROWS.filter((row) => row.hiddenInDialog).flatMap(
  (row) => [`${row.name}_from`, `${row.name}_to`],
);

type DraftRecord = Record<string, unknown>;

function emptyDraft(): AdvancedSearchDraft {
  const draft: DraftRecord = { includeRoads: false, searchQuery: '' };
  for (const row of DIALOG_ROWS) {
    if (row.kind === 'list') draft[row.name] = [];
    else if (row.kind === 'flag') draft[row.name] = false;
    else if (row.kind === 'range') draft[`${row.name}_from`] = draft[`${row.name}_to`] = '';
    else if (row.kind === 'text' && !LOOKUP_FIELDS[row.name as SearchParameterName]) draft[row.name] = '';
  }
  return draft as AdvancedSearchDraft;
}

export const EMPTY_ADVANCED_DRAFT: AdvancedSearchDraft = emptyDraft();

/** A range input as a number: empty or not a number is unset. */
function rangeBound(value: unknown): number | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' || Number.isNaN(Number(trimmed)) ? undefined : Number(trimmed);
}

/**
 * Whether a search lets road parcels in: a search without the roads scope does (a shared link such as
 * `/?CANTON=LU`; the server then lists them last); an empty one keeps the dialog's default, off.
 */
export function includesRoads(criteria: SearchCriteria): boolean {
  return hasSearchInput(criteria) && criteria[ROADS_SCOPE] !== ROADS_EXCLUDED;
}

/**
 * The quick search's criteria: the filters on screen with the new text, and the roads as the advanced
 * dialog last chose (off unless the user let them in), so a quick search does not lead with road parcels.
 */
export function quickSearchCriteria(
  criteria: SearchCriteria,
  text: string,
  includeRoads: boolean,
): SearchCriteria {
  const next: SearchCriteria = { ...criteria, searchQuery: text.trim() || undefined };
  next[ROADS_SCOPE] = includeRoads ? undefined : ROADS_EXCLUDED;
  return next;
}

/** The dialog's fields for the search on screen, so opening the dialog shows what is applied. */
export function draftFromCriteria(criteria: SearchCriteria): AdvancedSearchDraft {
  const from = criteria as DraftRecord;
  const draft: DraftRecord = { ...EMPTY_ADVANCED_DRAFT };
  for (const row of DIALOG_ROWS) {
    if (row.kind === 'range') {
      for (const key of [`${row.name}_from`, `${row.name}_to`])
        draft[key] = from[key] === undefined ? '' : String(from[key]);
    } else if (row.kind === 'flag') draft[row.name] = Boolean(from[row.name]);
    else if (from[row.name] !== undefined) draft[row.name] = from[row.name];
  }
  draft.includeRoads = includesRoads(criteria);
  draft.searchQuery = criteria.searchQuery ?? '';
  return draft as AdvancedSearchDraft;
}

/** The criteria an advanced search runs with: the dialog's fields, its search text included. */
export function criteriaFromDraft(draft: AdvancedSearchDraft): SearchCriteria {
  const fields = draft as unknown as DraftRecord;
  // `?? ''`: a draft restored from an older snapshot has no text field.
  const criteria: DraftRecord = { searchQuery: (draft.searchQuery ?? '').trim() || undefined };
  for (const row of DIALOG_ROWS) {
    const value = fields[row.name];
    if (row.kind === 'range') {
      criteria[`${row.name}_from`] = rangeBound(fields[`${row.name}_from`]);
      criteria[`${row.name}_to`] = rangeBound(fields[`${row.name}_to`]);
    } else if (row.kind === 'list') {
      criteria[row.name] = Array.isArray(value) && value.length > 0 ? value : undefined;
    } else if (row.kind === 'flag') criteria[row.name] = value === true || undefined;
    else if (row.kind === 'choice') {
      criteria[row.name] = (row.choices as readonly unknown[]).includes(value) ? value : undefined;
    } else criteria[row.name] = typeof value === 'string' ? value.trim() || undefined : undefined;
  }
  criteria[ROADS_SCOPE] = draft.includeRoads ? undefined : ROADS_EXCLUDED;
  return Object.fromEntries(
    Object.entries(criteria).filter(([, value]) => value !== undefined),
  ) as SearchCriteria;
}

/**
 * The validation of a parcel-size input (spec §5): empty is fine, otherwise a number of at least 0.
 * Returns the translation id of the message, or null when the value is valid.
 */
export function areaInputError(value: string): string | null {
  return numberOnly(value) ?? emptyOrAtLeast0(value);
}
