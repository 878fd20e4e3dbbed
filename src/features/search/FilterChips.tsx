import { Tag } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  criteriaKeysOf,
  SEARCH_PARAMETERS,
  type SearchCriteria,
  type SearchCriteriaKey,
  type SearchParameter,
} from '../../contract/SearchParameters';
import { translateValue, type TranslateMessage, type VocabularyField } from '../../contract/ParcelVocabulary';
import { searchRequested, selectCriteria } from './searchSlice';
import { TAG_TONES } from '../ui/tagTones';

/** One active filter as a chip: its label, its shown value, and the criteria keys removing it clears. */
export interface FilterChip {
  id: string;
  labelId: string;
  value: string;
  keys: SearchCriteriaKey[];
}

type Translate = TranslateMessage;

/** Filters whose values are parcel codes, and the parcel field whose vocabulary names them. */
const CODED_FILTERS: Partial<Record<string, VocabularyField>> = {
  GRN_TRM: 'GRN_TRM',
  ALPHA_PRI: 'ALPHA_PRIS',
  ALPHA_SEC: 'ALPHA_SECS',
};

function range(from: unknown, to: unknown): string {
  if (from !== undefined && to !== undefined) return `${from} – ${to}`;
  return from !== undefined ? `≥ ${from}` : `≤ ${to}`;
}

/** The shown value of one row's filter, or '' when the row is not set. */
function chipValue(row: SearchParameter, criteria: Record<string, unknown>, translate: Translate): string {
  const value = criteria[row.name];
  const field = CODED_FILTERS[row.name];
  // A code reads as the drawer names it ("EWS-AUF" → its label); other text as typed.
  const shown = (item: string) => (field ? translateValue(field, item, translate) : item);
  switch (row.kind) {
    case 'text':
      return typeof value === 'string' ? shown(value) : '';
    case 'list':
      return Array.isArray(value) ? value.map((item: string) => shown(item)).join(', ') : '';
    case 'range': {
      const from = criteria[`${row.name}_from`];
      const to = criteria[`${row.name}_to`];
      if (from === undefined && to === undefined) return '';
      return row.unit ? `${range(from, to)} ${row.unit}` : range(from, to);
    }
    case 'choice': {
      if (typeof value !== 'string' || value === '') return '';
      const labelId = (row.choiceLabelIds as Record<string, string> | undefined)?.[value];
      return labelId ? translate(labelId) : value;
    }
    case 'flag':
      return value === true ? translate('search.chip.on') : '';
  }
}

/**
 * The chips above the results (spec §2): one per active filter of the search-parameter table that has a
 * chip label, labelled like the dialog's fields. A row without one (the roads scope) gets no chip.
 */
export function filterChipsFor(criteria: SearchCriteria, translate: Translate): FilterChip[] {
  return SEARCH_PARAMETERS.flatMap((row): FilterChip[] => {
    if (row.chipLabelId === null) return [];
    const value = chipValue(row, criteria as Record<string, unknown>, translate);
    const keys = criteriaKeysOf(row);
    return value ? [{ id: keys[0], labelId: row.chipLabelId, value, keys }] : [];
  });
}

/** The criteria with the given keys removed (a chip's close button). */
export function withoutFilter(criteria: SearchCriteria, keys: readonly SearchCriteriaKey[]): SearchCriteria {
  const next = { ...criteria };
  for (const key of keys) delete next[key];
  return next;
}

/** The active filters as labelled chips; closing one searches again without it. */
export function FilterChips() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const criteria = useAppSelector(selectCriteria);
  const chips = filterChipsFor(criteria, (id, values) => intl.formatMessage({ id }, values));
  if (chips.length === 0) return null;
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
      aria-label={intl.formatMessage({ id: 'search.chips' })}
    >
      {chips.map((chip) => (
        <Tag
          key={chip.id}
          style={TAG_TONES.cyan}
          closable
          closeIcon={
            <span
              aria-label={intl.formatMessage(
                { id: 'search.chip.remove' },
                { label: intl.formatMessage({ id: chip.labelId }) },
              )}
            >
              ×
            </span>
          }
          onClose={(event) => {
            event.preventDefault();
            dispatch(searchRequested(withoutFilter(criteria, chip.keys)));
          }}
          data-testid={`chip-${chip.id}`}
        >
          {intl.formatMessage({ id: chip.labelId })}: {chip.value}
        </Tag>
      ))}
    </div>
  );
}
