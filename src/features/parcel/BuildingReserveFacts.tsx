import { Descriptions, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { estimateBuildingReserve } from '../../contract/BuildingReserve';
import type { BuildingObject, Parcel } from '../../contract/Parcel';
import { formatMeasure } from './parcelDisplay';

/**
 * The building-reserve estimate with its inputs (zone, utilisation figure, area, floor area built), so a
 * professional can check it against the municipal building regulations it stands in for.
 */
export function BuildingReserveFacts({ parcel, objects }: { parcel: Parcel; objects: BuildingObject[] }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id: `parcel.reserve.${id}` });
  const existingFloorArea = Math.round(
    objects.reduce((sum, o) => sum + (o.OBJ_SUR || 0) * (o.OBJ_FLO || 1), 0),
  );
  const estimate = estimateBuildingReserve({
    canton: parcel.CANTON,
    zone: parcel.ALPHA_PRIS?.[0] ?? null,
    mainUse: parcel.BRAVO_PRIS?.[0] ?? null,
    area: parcel.PRC_SUR,
    existingFloorArea,
    road: parcel.PRC_IND === 'Road',
  });
  if (estimate.utilisation === null)
    return (
      <Typography.Text type="secondary" data-testid="reserve-none">
        <FormattedMessage id="parcel.reserve.none" />
      </Typography.Text>
    );
  const figure = intl.formatNumber(estimate.utilisation, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid="reserve-facts"
        items={[
          {
            key: 'utilisation',
            label: label('utilisation'),
            children: `${figure} (${parcel.ALPHA_PRIS?.[0] ?? parcel.BRAVO_PRIS?.[0] ?? ''}, ${label(`basis.${estimate.basis}`)})`,
          },
          {
            key: 'buildable',
            label: label('buildable'),
            children: `${formatMeasure(parcel.PRC_SUR, 'm²')} × ${figure} = ${formatMeasure(estimate.buildableFloorArea ?? 0, 'm²')}`,
          },
          { key: 'existing', label: label('existing'), children: formatMeasure(existingFloorArea, 'm²') },
          {
            key: 'reserve',
            label: <strong>{label('reserve')}</strong>,
            children: (
              <strong data-testid="reserve-value">{formatMeasure(estimate.reserve ?? 0, 'm²')}</strong>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        <FormattedMessage id="parcel.reserve.estimateNote" />
      </Typography.Paragraph>
    </>
  );
}
