import { Button, Popover, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGetDataQualityQuery } from './dataQualityApi';

/**
 * "Demo data" beside the map attribution while any shown parcel is synthetic; it opens the explanation
 * (what the data is, how much is official, how to import the real survey). Hidden once every parcel is
 * imported, and while the summary is unknown (no claim either way).
 */
export function DemoDataBadge() {
  const intl = useIntl();
  const { data } = useGetDataQualityQuery();
  if (!data || data.syntheticParcels === 0) return null;
  const total = data.syntheticParcels + data.officialParcels;
  const explanation = (
    <div style={{ maxWidth: 'min(340px, calc(100vw - 48px))' }} data-testid="demo-data-explanation">
      <Typography.Paragraph>
        <FormattedMessage id="dataQuality.explanation.synthetic" />
      </Typography.Paragraph>
      {data.officialParcels > 0 && (
        <Typography.Paragraph>
          <FormattedMessage
            id="dataQuality.explanation.partial"
            values={{ official: data.officialParcels, total }}
          />
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <FormattedMessage id="dataQuality.explanation.import" />
      </Typography.Paragraph>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="topRight"
      title={intl.formatMessage({ id: 'dataQuality.explanation.title' })}
      content={explanation}
    >
      <Button
        size="small"
        data-testid="demo-data-badge"
        aria-label={intl.formatMessage({ id: 'dataQuality.badge.label' })}
        style={{
          position: 'absolute',
          // Just above MapLibre's bottom-right stack (scale bar, then the attribution line), aligned with it.
          right: 10,
          bottom: 72,
          zIndex: 2,
          height: 24,
          paddingInline: 8,
          fontSize: 12,
          background: '#fff8e1',
          borderColor: '#f0c36d',
          color: '#7a5200',
          boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.1)',
        }}
      >
        <FormattedMessage id="dataQuality.badge" />
      </Button>
    </Popover>
  );
}
