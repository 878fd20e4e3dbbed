import { Alert, Collapse, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ParcelFullResponse } from '../../contract/Parcel';
import { externalLinkParcel, externalLinkUrl, reportLanguageOf } from '../../contract/Reports';
import { DataOriginTag } from '../dataQuality/DataOriginTag';
import { BuildingList } from './BuildingList';
import { BuildingReserveFacts } from './BuildingReserveFacts';
import { FixedPointList } from './FixedPointList';
import { displayValue, formatMeasure, PARCEL_SECTIONS, RADON_WARNING_ABOVE } from './parcelDisplay';
import { useCodedValueText } from './useCodedValueText';

/** Every section of a parcel's full details (spec §3), all labels translated. */
export function ParcelDetails({ detail }: { detail: ParcelFullResponse }) {
  const intl = useIntl();
  const valueText = useCodedValueText();
  const { feature: parcel, objects, canton } = detail;
  const label = (key: string) => intl.formatMessage({ id: `parcel.field.${key}` });
  const addresses = parcel.STREET_ADDRESSES?.length
    ? parcel.STREET_ADDRESSES
    : parcel.STREET_ADDRESS
      ? [parcel.STREET_ADDRESS]
      : [];
  const radonHigh = typeof parcel.GRN_RAD === 'number' && parcel.GRN_RAD > RADON_WARNING_ABOVE;

  const basic = (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'no', label: label('PRC_NO'), children: parcel.PRC_NO },
        { key: 'id', label: label('PRC_ID'), children: parcel.PRC_ID },
        { key: 'sur', label: label('PRC_SUR'), children: formatMeasure(parcel.PRC_SUR, 'm²') },
        {
          key: 'typ',
          label: label('PRC_TYP'),
          children: valueText('PRC_TYP', parcel.PRC_TYP),
        },
        { key: 'mun', label: label('LOCNAME'), children: parcel.LOCNAME },
        {
          key: 'canton',
          label: label('CANTON'),
          children: canton?.urlOREB ? (
            <Typography.Link
              href={externalLinkUrl('register', externalLinkParcel(detail, reportLanguageOf(intl.locale)))}
              title={intl.formatMessage({
                id:
                  parcel.PRC_SRC === 'synthetic'
                    ? 'reports.link.register.demoHint'
                    : 'reports.link.register.hint',
              })}
              target="_blank"
              rel="noopener noreferrer"
            >
              {parcel.CANTON}
            </Typography.Link>
          ) : (
            parcel.CANTON
          ),
        },
        { key: 'zip', label: label('PRC_ZIP'), children: parcel.PRC_ZIP },
        { key: 'addr', label: label('addresses'), children: displayValue(addresses) },
      ]}
    />
  );

  // The register facts are official once imported; the thematic ones always come from the demo generator.
  const sectionLabel = (id: string, origin?: 'official' | 'synthetic', values?: Record<string, number>) => (
    <>
      <span>{intl.formatMessage({ id: `parcel.section.${id}` }, values)}</span>
      <DataOriginTag origin={origin} />
    </>
  );
  const buildingsOrigin =
    objects.length > 0 && objects.every((o) => o.OBJ_SRC === 'official') ? 'official' : 'synthetic';

  const thematic = PARCEL_SECTIONS.map((section) => ({
    key: section.id,
    label: sectionLabel(section.id),
    children: (
      <>
        {section.id === 'ground' && radonHigh && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="radon-warning"
            title={<FormattedMessage id="parcel.radonWarning" values={{ value: parcel.GRN_RAD }} />}
          />
        )}
        <Descriptions
          size="small"
          column={1}
          bordered
          items={section.fields.map((field) => ({
            key: field.key,
            label: label(field.key),
            children:
              field.key === 'GRN_RAD' && parcel.GRN_RAD !== undefined
                ? `${parcel.GRN_RAD} %`
                : valueText(field.key, parcel[field.key]),
          }))}
        />
      </>
    ),
  }));

  const sections: { key: string; label: ReactNode; children: ReactNode }[] = [
    { key: 'basic', label: sectionLabel('basic', parcel.PRC_SRC), children: basic },
    {
      key: 'reserve',
      label: intl.formatMessage({ id: 'parcel.section.reserve' }),
      children: <BuildingReserveFacts parcel={parcel} objects={objects} />,
    },
    ...thematic,
    {
      key: 'fixedPoints',
      label: sectionLabel('fixedPoints'),
      children: <FixedPointList points={parcel.FIXPOINTS ?? []} />,
    },
    {
      key: 'buildings',
      label:
        objects.length > 0
          ? sectionLabel('buildings', buildingsOrigin, { count: objects.length })
          : intl.formatMessage({ id: 'parcel.section.buildings' }, { count: objects.length }),
      children: <BuildingList objects={objects} />,
    },
  ];
  return <Collapse defaultActiveKey={sections.map((section) => section.key)} items={sections} size="small" />;
}
