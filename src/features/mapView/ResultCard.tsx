import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { PALETTE } from '../../theme/palette';
import type { Parcel } from '../../contract/Parcel';
import { AddToListButton } from '../lists/AddToListButton';
import { CompareButton } from '../compare/CompareButton';
import { formatMeasure } from '../parcel/parcelDisplay';
import { useCodedValueText } from '../parcel/useCodedValueText';
import './resultCard.css';

export interface ResultCardProps {
  parcel: Parcel;
  selected: boolean;
  onOpen: (parcel: Parcel) => void;
  /** The full-report action: the parcel's PDF report in a new tab (spec §2). */
  onFullReport: (parcel: Parcel) => void;
}

/**
 * One search hit: click shows it on the map and loads its full details (spec §2, §4). The card is not a
 * control itself: its title is the button that opens the parcel and the report button sits beside it, so
 * a screen reader meets two separate controls, not one nested in the other. A click anywhere on the card
 * still opens it (a larger target for the mouse; the keyboard has the title button).
 */
export function ResultCard({ parcel, selected, onOpen, onFullReport }: ResultCardProps) {
  const intl = useIntl();
  const valueText = useCodedValueText();
  const address = parcel.STREET_ADDRESS ?? parcel.STREET_ADDRESSES?.[0];
  // What a professional scans a list by: the zone, and a road parcel or building right set apart.
  const facts = [
    parcel.ALPHA_PRIS?.length ? valueText('ALPHA_PRIS', parcel.ALPHA_PRIS) : null,
    parcel.PRC_IND === 'Road' ? valueText('PRC_IND', parcel.PRC_IND) : null,
    parcel.PRC_TYP === 'Baurecht' ? valueText('PRC_TYP', parcel.PRC_TYP) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Card
      size="small"
      hoverable
      data-testid="result-card"
      data-selected={selected}
      onClick={() => onOpen(parcel)}
      style={{ borderColor: selected ? PALETTE.secondary : undefined, borderWidth: selected ? 2 : 1 }}
      title={
        <button
          type="button"
          className="result-card-open"
          aria-pressed={selected}
          data-testid="result-card-open"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(parcel);
          }}
        >
          {intl.formatMessage({ id: 'parcel.title' }, { number: parcel.PRC_NO })}
        </button>
      }
      extra={
        <Flex gap={2}>
          <AddToListButton prcId={parcel.PRC_ID} />
          <CompareButton egrid={parcel.PRC_ID} number={parcel.PRC_NO} />
          <Button
            type="text"
            size="small"
            icon={<FilePdfOutlined />}
            aria-label={intl.formatMessage({ id: 'search.card.fullReport' })}
            title={intl.formatMessage({ id: 'search.card.fullReport' })}
            onClick={(event) => {
              event.stopPropagation();
              onFullReport(parcel);
            }}
          />
        </Flex>
      }
    >
      <Typography.Text>{address ?? parcel.LOCNAME}</Typography.Text>
      <br />
      <Typography.Text type="secondary">
        {parcel.PRC_ZIP} {parcel.LOCNAME} ({parcel.CANTON}) · <FormattedMessage id="parcel.field.PRC_SUR" />:{' '}
        {formatMeasure(parcel.PRC_SUR, 'm²')}
        {parcel.POT_RES !== undefined && (
          <span data-testid="result-card-reserve">
            {' · '}
            <FormattedMessage
              id="search.card.reserve"
              values={{ area: formatMeasure(parcel.POT_RES, 'm²') }}
            />
          </span>
        )}
      </Typography.Text>
      {facts.length > 0 && (
        <>
          <br />
          <Typography.Text type="secondary" data-testid="result-card-facts">
            {facts.join(' · ')}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
