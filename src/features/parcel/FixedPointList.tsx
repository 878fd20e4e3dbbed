import { Empty, Table } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FixedPoint } from '../../contract/Parcel';
import { fixedPointParts, formatMeasure } from './parcelDisplay';
import { useCodedValueText } from './useCodedValueText';

/** Fixed points near the parcel: name and type split at the hyphen, distance in metres. */
export function FixedPointList({ points }: { points: FixedPoint[] }) {
  const intl = useIntl();
  const valueText = useCodedValueText();
  if (points.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="parcel.fixedPoints.none" />}
      />
    );
  const rows = points.map((point, index) => {
    const { name, type } = fixedPointParts(point.FIX_NAM);
    return { key: index, name, type: type ? valueText('FIX_TYPE', type) : '–', distance: point.FIX_DTP };
  });
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'name', dataIndex: 'name', title: intl.formatMessage({ id: 'parcel.fixedPoint.name' }) },
        { key: 'type', dataIndex: 'type', title: intl.formatMessage({ id: 'parcel.fixedPoint.type' }) },
        {
          key: 'distance',
          dataIndex: 'distance',
          title: intl.formatMessage({ id: 'parcel.fixedPoint.distance' }),
          render: (distance: number) => formatMeasure(distance, 'm'),
        },
      ]}
    />
  );
}
