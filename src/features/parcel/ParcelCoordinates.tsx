import { CopyOutlined } from '@ant-design/icons';
import { Button, Descriptions, Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks';
import type { Parcel } from '../../contract/Parcel';
import { copyText } from '../../lib/browser/copyText';
import { formatLv95, formatWgs84 } from '../../lib/geo/lv95Format';
import { showSnackbar } from '../ui/uiSlice';

/** A value (shown in lines that do not wrap) with a button that copies it in a form tools accept. */
function Copyable(props: { lines: string[]; text: string; label: string; testId: string }) {
  const { lines, text, label, testId } = props;
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const copy = async () => {
    const copied = await copyText(text);
    dispatch(
      copied
        ? showSnackbar('success', { id: 'parcel.coordinates.copied', values: { value: text } })
        : showSnackbar('error', { id: 'mapTools.copyLink.failed' }),
    );
  };
  const action = intl.formatMessage({ id: 'parcel.coordinates.copy' }, { what: label });
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontVariantNumeric: 'tabular-nums' }}
    >
      <span data-testid={testId} style={{ display: 'inline-flex', flexDirection: 'column' }}>
        {lines.map((line) => (
          <span key={line} style={{ whiteSpace: 'nowrap' }}>
            {line}
          </span>
        ))}
      </span>
      <Tooltip title={action}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={action}
          onClick={() => void copy()}
        />
      </Tooltip>
    </span>
  );
}

/**
 * The parcel's centre in the Swiss grid (LV95 E/N, what plans and the cadastre use) and in WGS84
 * (what GPS and web maps use), each with a copy button. The grid values are the server's, computed in
 * LV95 itself: to the millimetre for a surveyed (imported) parcel, which shows them so.
 */
export function ParcelCoordinates({ parcel }: { parcel: Parcel }) {
  const intl = useIntl();
  const position = parcel.centroid.coordinates;
  const grid = { east: parcel.PRC_COO_X, north: parcel.PRC_COO_Y };
  const decimals = parcel.PRC_SRC === 'official' ? 3 : 2;
  const [lon, lat] = position;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'lv95',
          label: intl.formatMessage({ id: 'parcel.coordinates.lv95' }),
          // Copied as plain numbers (E, N), which CAD and GIS tools read; shown with apostrophes.
          children: (
            <Copyable
              lines={formatLv95(grid, decimals).split(' / ')}
              text={`${grid.east.toFixed(decimals)}, ${grid.north.toFixed(decimals)}`}
              label="LV95"
              testId="parcel-lv95"
            />
          ),
        },
        {
          key: 'wgs84',
          label: intl.formatMessage({ id: 'parcel.coordinates.wgs84' }),
          // Copied as "lat, lon", the order map sites and phones accept.
          children: (
            <Copyable
              lines={formatWgs84(position).split(', ')}
              text={`${lat.toFixed(6)}, ${lon.toFixed(6)}`}
              label="WGS84"
              testId="parcel-wgs84"
            />
          ),
        },
      ]}
    />
  );
}
