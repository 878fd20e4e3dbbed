import { createIntl } from 'react-intl';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import type { ParcelSummary } from '../../src/contract/Parcel';
import { describeParcel } from '../../src/features/map/parcelPopupText';

const intlOf = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

describe('the map hover popup text', () => {
  const tile = { PRC_ID: 'CH123456789012', PRC_NO: '1234' };
  const summary: ParcelSummary = {
    PRC_ID: 'CH123456789012',
    PRC_IND: 'Standard',
    PRC_ZIP: '6340',
    CANTON: 'ZG',
    PRC_NO: '1234',
    PRC_SUR: 812,
    LOCNAME: 'Baar',
    STREET_ADDRESS: 'Baarerstrasse 12',
    ALPHA_PRIS: ['W2'],
  };

  it('shows the parcel number at once, from the tile', () => {
    expect(describeParcel(intlOf('en', en), tile)).toEqual(['Parcel 1234']);
  });

  it('adds the address, then area and zone in words, once the summary has loaded', () => {
    expect(describeParcel(intlOf('en', en), tile, summary)).toEqual([
      'Parcel 1234 Baar',
      'Baarerstrasse 12',
      'Area: 812.00 m² · Residential zone (W2)',
    ]);
    const german = describeParcel(intlOf('de', de), tile, summary);
    expect(german[2]).toMatch(/^Fläche: 812.00 m² · Wohnzone \(W2\)$/);
  });

  it('sets a road parcel apart and leaves out an address it does not have', () => {
    const road: ParcelSummary = { ...summary, STREET_ADDRESS: undefined, ALPHA_PRIS: [], PRC_IND: 'Road' };
    expect(describeParcel(intlOf('en', en), tile, road)).toEqual([
      'Parcel 1234 Baar',
      'Area: 812.00 m² · Road parcel',
    ]);
  });
});
