import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LayerStyleFile } from './LayerStyleFile';
import './layerPanel.css';
import { TAG_TONES } from '../ui/tagTones';

/** A legend swatch: a square for areas and extrusions, a dot for points. */
function Swatch({ colour, kind }: { colour: string; kind: 'fill' | 'circle' | 'extrusion' }) {
  return (
    <span
      aria-hidden
      className={`layer-legend-swatch layer-legend-swatch-${kind}`}
      style={{ background: colour }}
    />
  );
}

/** A layer's classes with their colours, in the reader's language (labels from the parcel vocabulary). */
export function LayerLegend({ style }: { style: LayerStyleFile }) {
  const intl = useIntl();
  if (!style.legend) return null;
  const { kind, items } = style.legend;
  return (
    <ul className="layer-legend" data-testid={`layer-legend-${style.id}`}>
      {items.map((item) => (
        <li key={item.value}>
          <Swatch colour={item.colour} kind={kind} />
          <span>{intl.formatMessage({ id: item.labelKey })}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who publishes a layer's data: the publisher's own name, or our demo dataset in the user's language. */
export function LayerSourceName({ source }: { source: LayerStyleFile['about']['source'] }) {
  return 'name' in source ? source.name : <FormattedMessage id={source.labelId} />;
}

/** Where the data comes from and when, with a "demo data" tag where it is synthetic. */
export function LayerSourceLine({ style }: { style: LayerStyleFile }) {
  const { source, date, licenceId, demoData } = style.about;
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" className="layer-source">
        <FormattedMessage
          id="layers.about.source"
          values={{
            source: <LayerSourceName source={source} />,
            date: date ?? <FormattedMessage id="layers.about.currentEdition" />,
          }}
        />
      </Typography.Text>
      <Flex gap={6} align="center" wrap>
        {demoData ? (
          <Tag style={TAG_TONES.orange} data-testid={`layer-demo-${style.id}`}>
            <FormattedMessage id="layers.about.demoData" />
          </Tag>
        ) : null}
        <Typography.Text type="secondary" className="layer-source">
          <FormattedMessage id={licenceId} />
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
