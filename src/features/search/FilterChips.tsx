import { Tag } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filterChipsFor } from './filterChipsFor';
import { searchRequested, selectCriteria } from './searchSlice';
import { withoutFilter } from './withoutFilter';

/** The active filters as labelled chips; closing one searches again without it. */
export function FilterChips() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const criteria = useAppSelector(selectCriteria);
  const chips = filterChipsFor(criteria, (id) => intl.formatMessage({ id }));
  if (chips.length === 0) return null;
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
      aria-label={intl.formatMessage({ id: 'search.chips' })}
    >
      {chips.map((chip) => (
        <Tag
          key={chip.id}
          color="cyan"
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
