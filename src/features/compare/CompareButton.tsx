import { DiffOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { parcelCompared, parcelUncompared, selectIsCompared } from './compareSlice';

/**
 * "Compare" on a result card and in the parcel drawer: puts the parcel in the comparison tray, or takes
 * it out again (pressed). A sixth parcel is refused with a message (compareListeners).
 */
export function CompareButton({
  egrid,
  number,
  withLabel = false,
}: {
  egrid: string;
  number: string;
  withLabel?: boolean;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const compared = useAppSelector((state) => selectIsCompared(state, egrid));
  const label = intl.formatMessage({ id: compared ? 'compare.action.remove' : 'compare.action.add' });
  return (
    <Button
      type={withLabel ? (compared ? 'primary' : 'default') : 'text'}
      size="small"
      icon={<DiffOutlined />}
      aria-label={label}
      aria-pressed={compared}
      title={label}
      data-testid="compare-toggle"
      style={!withLabel && compared ? { color: 'var(--ant-color-primary, #0f5d66)' } : undefined}
      onClick={(event) => {
        event.stopPropagation();
        dispatch(compared ? parcelUncompared(egrid) : parcelCompared({ egrid, number }));
      }}
    >
      {withLabel ? intl.formatMessage({ id: 'compare.action.add' }) : null}
    </Button>
  );
}
