import { Select } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SEARCH_SORTS, type SearchSort } from '../../contract/SearchParameters';
import { selectActiveSearch, sortChanged } from './searchSlice';

/** The search's own order (a place's parcels first, roads last): the choice without a SORT. */
const DATASET_ORDER = 'dataset';

/** The order of the result list: the dataset's, largest building reserve first, or largest area first. */
export function ResultSort() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const sort = useAppSelector(selectActiveSearch)?.criteria.SORT;
  const label = intl.formatMessage({ id: 'search.sort.label' });
  return (
    <Select<SearchSort | typeof DATASET_ORDER>
      size="small"
      aria-label={label}
      title={label}
      data-testid="result-sort"
      style={{ minWidth: 180, marginLeft: 'auto' }}
      popupMatchSelectWidth={false}
      value={sort ?? DATASET_ORDER}
      onChange={(value) => dispatch(sortChanged(value === DATASET_ORDER ? undefined : value))}
      options={[DATASET_ORDER, ...SEARCH_SORTS].map((value) => ({
        value,
        label: intl.formatMessage({ id: `search.sort.${value}` }),
      }))}
    />
  );
}
