import { DiffOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SITE_EGRID_SEPARATOR } from '../../contract/Comparison';
import { parcelCompared, parcelUncompared, selectIsCompared } from './compareSlice';

/**
 * "Compare the site" in the site panel: puts the whole site into the comparison tray as one
 * column (its EGRIDs joined), or takes it out again (pressed). The server checks it is still one site.
 */
export function CompareSiteButton({ parcels }: { parcels: { egrid: string; number: string }[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const key = parcels.map((parcel) => parcel.egrid).join(SITE_EGRID_SEPARATOR);
  const compared = useAppSelector((state) => selectIsCompared(state, key));
  const number = parcels.map((parcel) => parcel.number).join(' + ');
  const label = intl.formatMessage({ id: compared ? 'compare.action.removeSite' : 'compare.action.addSite' });
  return (
    <Button
      type={compared ? 'primary' : 'default'}
      icon={<DiffOutlined />}
      aria-label={label}
      aria-pressed={compared}
      data-testid="site-compare"
      onClick={() => dispatch(compared ? parcelUncompared(key) : parcelCompared({ egrid: key, number }))}
    >
      {label}
    </Button>
  );
}
