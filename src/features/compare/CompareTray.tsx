import { CloseOutlined, DiffOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { COMPARISON_MIN_PARCELS } from '../../contract/Comparison';
import { comparisonCleared, selectComparedEntries } from './compareSlice';
import { comparisonLink } from './comparisonUrl';
import './compare.css';

/** The tray over the map: how many parcels wait for the comparison, the way to it, and clearing them. */
export function CompareTray() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const entries = useAppSelector(selectComparedEntries);
  if (entries.length === 0) return null;
  const ready = entries.length >= COMPARISON_MIN_PARCELS;
  return (
    <div className="compare-tray" data-testid="compare-tray">
      <Space.Compact>
        <Button
          type="primary"
          icon={<DiffOutlined />}
          disabled={!ready}
          title={ready ? undefined : intl.formatMessage({ id: 'compare.tray.tooFew' })}
          data-testid="compare-open"
          onClick={() => void navigate(comparisonLink(entries.map((entry) => entry.egrid)))}
        >
          {intl.formatMessage({ id: 'compare.tray.label' }, { count: entries.length })}
        </Button>
        <Button
          icon={<CloseOutlined />}
          aria-label={intl.formatMessage({ id: 'compare.tray.clear' })}
          title={intl.formatMessage({ id: 'compare.tray.clear' })}
          data-testid="compare-clear"
          onClick={() => dispatch(comparisonCleared())}
        />
      </Space.Compact>
    </div>
  );
}
