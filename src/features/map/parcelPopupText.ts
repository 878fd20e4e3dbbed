import type { IntlShape } from 'react-intl';
import type { ParcelSummary } from '../../contract/Parcel';
import { translateValue } from '../../contract/ParcelVocabulary';
import { formatMeasure } from '../parcel/parcelDisplay';

/**
 * The map's hover popup as lines: "Parcel 1234 Zug" from the tile's properties at once; with the parcel's
 * summary, its address, then area, zone and a road parcel set apart — what a professional reads a plan by.
 */
export function describeParcel(
  intl: IntlShape,
  properties: Record<string, unknown>,
  summary?: ParcelSummary,
): string[] {
  const number = summary?.PRC_NO ?? properties.PRC_NO ?? properties.PRC_ID ?? '';
  const place = summary?.LOCNAME ?? properties.LOCNAME ?? '';
  // Tiles carry no municipality name; no dangling space then.
  const title = intl
    .formatMessage({ id: 'map.popup.parcel' }, { number: String(number), place: String(place) })
    .trim();
  if (!summary) return [title];
  const translate = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const facts = [
    `${intl.formatMessage({ id: 'parcel.field.PRC_SUR' })}: ${formatMeasure(summary.PRC_SUR, 'm²')}`,
  ];
  for (const zone of summary.ALPHA_PRIS ?? []) facts.push(translateValue('ALPHA_PRIS', zone, translate));
  if (summary.PRC_IND === 'Road') facts.push(translateValue('PRC_IND', summary.PRC_IND, translate));
  return [title, ...(summary.STREET_ADDRESS ? [summary.STREET_ADDRESS] : []), facts.join(' · ')];
}
