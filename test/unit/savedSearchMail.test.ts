import { composeAlertMail } from '../../server/services/savedSearches/savedSearchMail';
import type { SavedSearchMatch } from '../../src/contract/SavedSearches';

const match = (prcNo: string): SavedSearchMatch =>
  ({ prcId: `CH${prcNo}`, prcNo, locname: 'Cham', canton: 'ZG' }) as SavedSearchMatch;

const mail = (language: string, count: number) =>
  composeAlertMail({
    to: 'anna@example.ch',
    language,
    searchName: 'Bauland Cham',
    matches: Array.from({ length: count }, (_, i) => match(String(100 + i))),
    publicUrl: 'https://atlas.example.ch',
    unsubscribeLink: 'https://atlas.example.ch/v1/saved-searches/unsubscribe?sig=x',
  });

describe('the saved-search alert mail', () => {
  it('counts the new parcels with the language’s plural in its subject', () => {
    expect(mail('en', 1).subject).toBe('Parcel Atlas: 1 new parcel for “Bauland Cham”');
    expect(mail('en', 2).subject).toBe('Parcel Atlas: 2 new parcels for “Bauland Cham”');
    expect(mail('de', 1).subject).toBe('Parcel Atlas: 1 neue Parzelle für «Bauland Cham»');
    expect(mail('de', 3).subject).toBe('Parcel Atlas: 3 neue Parzellen für «Bauland Cham»');
    expect(mail('fr', 2).subject).toBe('Parcel Atlas : 2 nouvelles parcelles pour « Bauland Cham »');
    expect(mail('it', 1).subject).toBe('Parcel Atlas: 1 nuova particella per «Bauland Cham»');
  });

  it('lists every parcel with its link and ends with the unsubscribe link, in the owner’s language', () => {
    const german = mail('de', 2);
    expect(german.text).toContain('Diese Parzellen passen neu zu Ihrer gespeicherten Suche «Bauland Cham»:');
    expect(german.text).toContain('- 100, Cham (ZG): https://atlas.example.ch/?parcel=CH100');
    expect(german.text).toContain('- 101, Cham (ZG): https://atlas.example.ch/?parcel=CH101');
    expect(german.html).toContain('>Parzelle öffnen</a>');
    expect(german.text.trim().split('\n').at(-1)).toBe(
      'Benachrichtigungen dieser gespeicherten Suche abbestellen: https://atlas.example.ch/v1/saved-searches/unsubscribe?sig=x',
    );
    expect(mail('rm', 1).text).toContain('This parcel now matches your saved search “Bauland Cham”:');
  });
});
