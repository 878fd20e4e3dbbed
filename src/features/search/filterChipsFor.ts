import type { FilterChip } from './FilterChip';
import type { SearchCriteria } from './SearchCriteria';

type Translate = (id: string) => string;

function range(from: number | undefined, to: number | undefined): string {
  if (from !== undefined && to !== undefined) return `${from} – ${to}`;
  return from !== undefined ? `≥ ${from}` : `≤ ${to}`;
}

/**
 * The chips above the results (spec §2): one per active filter, labelled like the dialog's fields.
 * PRC_IND has no chip: "roads excluded" is the dialog's default scope, not a filter the user chose.
 */
export function filterChipsFor(criteria: SearchCriteria, translate: Translate): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (id: keyof SearchCriteria, labelId: string, value: string | undefined, keys = [id]) => {
    if (value) chips.push({ id, labelId, value, keys });
  };
  add('searchQuery', 'search.field.text', criteria.searchQuery);
  add('CANTON', 'search.field.canton', criteria.CANTON);
  add('LOCNAME', 'search.field.municipality', criteria.LOCNAME?.join(', '));
  add('STREET', 'search.field.street', criteria.STREET?.join(', '));
  add('GRN_TRM', 'search.field.thermal', criteria.GRN_TRM?.join(', '));
  add('ALPHA_PRI', 'search.field.alphaPri', criteria.ALPHA_PRI);
  add('ALPHA_SEC', 'search.field.alphaSec', criteria.ALPHA_SEC);
  add('PRC_NO', 'search.field.parcelNumber', criteria.PRC_NO);
  add('PRC_ID', 'search.field.parcelId', criteria.PRC_ID);
  if (criteria.PRC_SUR_from !== undefined || criteria.PRC_SUR_to !== undefined) {
    add(
      'PRC_SUR_from',
      'search.field.parcelSize',
      `${range(criteria.PRC_SUR_from, criteria.PRC_SUR_to)} m²`,
      ['PRC_SUR_from', 'PRC_SUR_to'],
    );
  }
  if (criteria.OBJECT_OPTIONS) {
    add(
      'OBJECT_OPTIONS',
      'search.field.objects',
      translate(criteria.OBJECT_OPTIONS === 'With' ? 'search.objects.with' : 'search.objects.without'),
    );
  }
  if (criteria.GRN_RAD) add('GRN_RAD', 'search.field.radon', translate('search.chip.on'));
  if (criteria.PRO_BUN) add('PRO_BUN', 'search.field.protectedNational', translate('search.chip.on'));
  if (criteria.PRC_TYP) {
    add(
      'PRC_TYP',
      'search.field.propertyType',
      translate(
        criteria.PRC_TYP === 'Eigentum' ? 'search.propertyType.freehold' : 'search.propertyType.leasehold',
      ),
    );
  }
  if (criteria.FREEWAY_from !== undefined || criteria.FREEWAY_to !== undefined) {
    add('FREEWAY_from', 'search.field.freeway', range(criteria.FREEWAY_from, criteria.FREEWAY_to), [
      'FREEWAY_from',
      'FREEWAY_to',
    ]);
  }
  if (criteria.PUTRA_from !== undefined || criteria.PUTRA_to !== undefined) {
    add('PUTRA_from', 'search.field.putra', range(criteria.PUTRA_from, criteria.PUTRA_to), [
      'PUTRA_from',
      'PUTRA_to',
    ]);
  }
  return chips;
}
