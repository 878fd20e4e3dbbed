import { quotaThreshold } from '../../server/services/quota/QuotaService';
import {
  NOTIFICATION_TEXTS,
  notificationLanguage,
  notificationText,
  notificationUrl,
} from '../../server/services/push/notificationTexts';

describe('quota thresholds (notifications at 80 % and 100 %)', () => {
  it.each([
    [7, 10, null],
    [8, 10, 80],
    [9, 10, null],
    [10, 10, 100],
    [279, 350, null],
    [280, 350, 80],
    [350, 350, 100],
    // 80 % of 2 rounds up to 2: only the limit is told.
    [1, 2, null],
    [2, 2, 100],
    [1, 1, 100],
    [0, 0, null],
  ])('the use that makes %i of %i crosses %p', (used, limit, expected) => {
    expect(quotaThreshold(used, limit)).toBe(expected);
  });
});

describe('notification texts', () => {
  it('are written in each interface language, with the values filled in', () => {
    const content = { kind: 'quota-80', quota: 'full_view', used: 280, limit: 350 } as const;
    expect(notificationText(content, 'en')).toEqual({
      title: '80 % of your full views used',
      body: 'You have used 280 of 350 full views in this period.',
    });
    expect(notificationText(content, 'de').body).toBe(
      'Sie haben in dieser Periode 280 von 350 Vollansichten verbraucht.',
    );
    expect(
      notificationText({ kind: 'quota-100', quota: 'report_download', used: 20, limit: 20 }, 'it').title,
    ).toBe('Download di rapporti: limite raggiunto');
    expect(notificationText({ kind: 'plan-changed', product: null }, 'fr')).toEqual(
      NOTIFICATION_TEXTS.fr.planEnded,
    );
  });

  it('count new and changed parcels with the language’s plural, never "parcel(s)"', () => {
    const alert = (kind: 'saved-search' | 'list-facts', count: number) =>
      ({ kind, name: 'Zug', count, prcId: 'CH1', parcel: '8, Cham' }) as const;
    expect(notificationText(alert('saved-search', 1), 'en').body).toBe(
      '1 new parcel matches your saved search, e.g. 8, Cham.',
    );
    expect(notificationText(alert('saved-search', 3), 'en').body).toBe(
      '3 new parcels match your saved search, e.g. 8, Cham.',
    );
    expect(notificationText(alert('saved-search', 1), 'de').body).toMatch(/^1 neue Parzelle passt /);
    expect(notificationText(alert('list-facts', 2), 'fr').body).toMatch(
      /^2 parcelles de votre liste ont changé /,
    );
    expect(notificationText(alert('list-facts', 1), 'it').body).toMatch(
      /^1 particella della sua lista è cambiata /,
    );
    for (const language of ['en', 'de', 'fr', 'it'] as const)
      for (const count of [1, 2])
        for (const kind of ['saved-search', 'list-facts'] as const)
          expect(notificationText(alert(kind, count), language).body).not.toMatch(/\(s\)|\(n\)|\/e|[{}]/);
  });

  it('fall back to English for a language the app does not have, and no text keeps a placeholder', () => {
    expect(notificationLanguage('rm')).toBe('en');
    expect(notificationLanguage(undefined)).toBe('en');
    for (const language of ['en', 'de', 'fr', 'it'] as const) {
      for (const content of [
        { kind: 'plan-changed', product: 'Basic Plan' },
        { kind: 'quota-80', quota: 'advance_search', used: 8, limit: 10 },
        { kind: 'quota-100', quota: 'advance_search', used: 10, limit: 10 },
        { kind: 'test' },
      ] as const) {
        const { title, body } = notificationText(content, language);
        expect(`${title} ${body}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('open the plans at a reached limit, the notifications page for a test, else the map', () => {
    expect(notificationUrl({ kind: 'quota-100', quota: 'full_view', used: 1, limit: 1 })).toBe('/plans');
    expect(notificationUrl({ kind: 'test' })).toBe('/notifications');
    expect(notificationUrl({ kind: 'plan-changed', product: 'Basic Plan' })).toBe('/');
  });
});
