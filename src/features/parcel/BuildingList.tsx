import { StarFilled } from '@ant-design/icons';
import { Descriptions, Empty, Tag } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BuildingObject } from '../../contract/Parcel';
import { formatMeasure } from './parcelDisplay';
import { useCodedValueText } from './useCodedValueText';
import { TAG_TONES } from '../ui/tagTones';

/** The buildings on the parcel (spec §3 building object), a protected marker where OBJ_PRO is not 'none'. */
export function BuildingList({ objects }: { objects: BuildingObject[] }) {
  const intl = useIntl();
  const valueText = useCodedValueText();
  if (objects.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="parcel.buildings.none" />}
      />
    );
  return (
    <>
      {objects.map((object) => (
        <Descriptions
          key={object.OBJ_ID}
          data-testid="building"
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 12 }}
          title={
            <>
              {valueText('OBJ_TYP', object.OBJ_TYP)}
              {object.OBJ_PRO !== 'none' && (
                <Tag
                  icon={<StarFilled />}
                  style={{ marginLeft: 8, ...TAG_TONES.magenta }}
                  data-testid="protected-marker"
                >
                  <FormattedMessage
                    id="parcel.building.protected"
                    values={{ level: valueText('OBJ_PRO', object.OBJ_PRO) }}
                  />
                </Tag>
              )}
            </>
          }
          items={[
            {
              key: 'sur',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_SUR' }),
              children: formatMeasure(object.OBJ_SUR, 'm²'),
            },
            {
              key: 'vol',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_VOL' }),
              children: formatMeasure(object.OBJ_VOL, 'm³'),
            },
            {
              key: 'flo',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_FLO' }),
              children: object.OBJ_FLO,
            },
            {
              key: 'uni',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_UNI' }),
              children: object.OBJ_UNI ?? '–',
            },
            {
              key: 'job',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_JOB' }),
              children: object.OBJ_JOB ?? '–',
            },
            {
              key: 'pob',
              label: intl.formatMessage({ id: 'parcel.building.OBJ_POB' }),
              children: valueText('OBJ_POB', object.OBJ_POB),
            },
          ]}
        />
      ))}
    </>
  );
}
