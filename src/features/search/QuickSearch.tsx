import { CloseCircleFilled, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  addressQueryChanged,
  advancedDialogOpened,
  searchRequested,
  selectAddressQuery,
  selectCriteria,
  selectIncludeRoads,
} from './searchSlice';
import { quickSearchCriteria } from './advancedDraft';

/** The quick search (Enter triggers it) and the button that opens the advanced dialog. */
export function QuickSearch() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const addressQuery = useAppSelector(selectAddressQuery);
  const criteria = useAppSelector(selectCriteria);
  const includeRoads = useAppSelector(selectIncludeRoads);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input.Search
        value={addressQuery}
        placeholder={intl.formatMessage({ id: 'search.quick.placeholder' })}
        aria-label={intl.formatMessage({ id: 'search.quick.label' })}
        // Icon-only buttons get a spoken, translated name.
        allowClear={{
          clearIcon: <CloseCircleFilled aria-label={intl.formatMessage({ id: 'a11y.search.clear' })} />,
        }}
        enterButton={
          <Button
            type="primary"
            icon={<SearchOutlined />}
            aria-label={intl.formatMessage({ id: 'a11y.search.submit' })}
          />
        }
        onChange={(event) => dispatch(addressQueryChanged(event.target.value))}
        // The quick search keeps the filters on screen: it replaces only the text (spec §7 maps/search).
        onSearch={(value) => dispatch(searchRequested(quickSearchCriteria(criteria, value, includeRoads)))}
      />
      <Button
        icon={<FilterOutlined />}
        onClick={() => dispatch(advancedDialogOpened())}
        aria-label={intl.formatMessage({ id: 'search.advanced.open' })}
        title={intl.formatMessage({ id: 'search.advanced.open' })}
      />
    </Space.Compact>
  );
}
