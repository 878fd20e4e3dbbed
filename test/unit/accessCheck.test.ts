import {
  hasAccess,
  hasSiteAccess,
  parseRole,
  requirementEntries,
  systemLevel,
} from '../../src/lib/accessCheck';

describe('hasAccess (spec §6)', () => {
  it('is open for an empty requirement: null, undefined, "", [] or only blanks', () => {
    for (const open of [null, undefined, '', [], ' , ', ['', ' ']]) {
      expect(hasAccess([], open)).toBe(true);
      expect(hasAccess(undefined, open)).toBe(true);
    }
  });

  it('accepts the requirement as a list or a comma-separated string', () => {
    expect(hasAccess(['DEALER'], ['ADMIN', 'DEALER'])).toBe(true);
    expect(hasAccess(['DEALER'], 'ADMIN, DEALER')).toBe(true);
    expect(hasAccess(['DEALER'], 'ADMIN,CIS-OPS')).toBe(false);
  });

  it('matches role names ignoring case, on both sides', () => {
    expect(hasAccess(['mapuser'], 'MAPUSER')).toBe(true);
    expect(hasAccess(['MapUser:2'], 'mapUSER:1')).toBe(true);
  });

  it('needs the user level to be at least the required level; a missing level counts as 0', () => {
    expect(hasAccess(['MAPUSER:3'], 'MAPUSER:2')).toBe(true);
    expect(hasAccess(['MAPUSER:2'], 'MAPUSER:2')).toBe(true);
    expect(hasAccess(['MAPUSER:1'], 'MAPUSER:2')).toBe(false);
    expect(hasAccess(['MAPUSER'], 'MAPUSER:1')).toBe(false);
    expect(hasAccess(['MAPUSER'], 'MAPUSER')).toBe(true);
    expect(hasAccess(['MAPUSER:5'], 'MAPUSER')).toBe(true);
    expect(hasAccess(['MAPUSER:abc'], 'MAPUSER:1')).toBe(false);
    expect(hasAccess(['MAPUSER:'], 'MAPUSER:0')).toBe(true);
  });

  it('refuses users without any matching role, and users without roles', () => {
    expect(hasAccess(['DEALER'], 'MAPUSER')).toBe(false);
    expect(hasAccess([], 'MAPUSER')).toBe(false);
    expect(hasAccess(null, 'MAPUSER')).toBe(false);
    expect(hasAccess(undefined, ['MAPUSER'])).toBe(false);
  });

  it('always lets SUPER in when no entry is exact', () => {
    expect(hasAccess(['SUPER'], 'MAPUSER:9')).toBe(true);
    expect(hasAccess(['super'], ['ADMIN', 'DEALER'])).toBe(true);
  });

  it('needs the exact name and level for an entry starting with =, and then SUPER is not added', () => {
    expect(hasAccess(['MAPUSER:2'], '=MAPUSER:2')).toBe(true);
    expect(hasAccess(['MAPUSER:3'], '=MAPUSER:2')).toBe(false);
    expect(hasAccess(['MAPUSER'], '=MAPUSER')).toBe(true);
    expect(hasAccess(['MAPUSER:1'], '=MAPUSER')).toBe(false);
    expect(hasAccess(['SUPER'], '=MAPUSER:2')).toBe(false);
    expect(hasAccess(['SUPER'], ['=ADMIN', 'MAPUSER'])).toBe(false);
    expect(hasAccess(['SUPER'], '=SUPER')).toBe(true);
  });

  it('allows any one of several entries, exact and non-exact mixed', () => {
    expect(hasAccess(['DEALER:1'], ['=ADMIN', 'DEALER'])).toBe(true);
    expect(hasAccess(['ADMIN'], ['=ADMIN', 'DEALER:5'])).toBe(true);
  });
});

describe('parseRole and requirementEntries', () => {
  it('splits NAME:level, upper-cases the name and marks = entries as exact', () => {
    expect(parseRole(' cis-ops:4 ')).toEqual({ name: 'CIS-OPS', level: 4, exact: false });
    expect(parseRole('=Dealer-Admin')).toEqual({ name: 'DEALER-ADMIN', level: 0, exact: true });
    expect(parseRole('MAPUSER: ')).toEqual({ name: 'MAPUSER', level: 0, exact: false });
  });

  it('drops blank entries from lists and strings', () => {
    expect(requirementEntries('A, ,B,')).toEqual(['A', 'B']);
    expect(requirementEntries([' A ', ''])).toEqual(['A']);
    expect(requirementEntries(null)).toEqual([]);
  });
});

describe('systemLevel (MAPUSER:{level})', () => {
  it('is the level of the MAPUSER role', () => {
    expect(systemLevel(['DEALER', 'MAPUSER:3'])).toBe(3);
    expect(systemLevel(['mapuser:2'])).toBe(2);
  });

  it('is 0 without a level, without the role or without roles', () => {
    expect(systemLevel(['MAPUSER'])).toBe(0);
    expect(systemLevel(['DEALER:4'])).toBe(0);
    expect(systemLevel([])).toBe(0);
    expect(systemLevel(null)).toBe(0);
    expect(systemLevel(undefined)).toBe(0);
  });
});

describe('hasSiteAccess', () => {
  it('lets ADMIN into every site', () => {
    expect(hasSiteAccess({ roles: ['admin'], sites: [] }, 'zurich')).toBe(true);
    expect(hasSiteAccess({ roles: ['ADMIN:2'] }, 'bern')).toBe(true);
  });

  it('lets others in only when the site is in their profile', () => {
    const profile = { roles: ['MAPUSER'], sites: [{ siteID: 'zurich' }, { siteID: 'basel' }] };
    expect(hasSiteAccess(profile, 'basel')).toBe(true);
    expect(hasSiteAccess(profile, 'bern')).toBe(false);
    expect(hasSiteAccess({ roles: ['MAPUSER'] }, 'bern')).toBe(false);
    expect(hasSiteAccess({ sites: [{ siteID: 'bern' }] }, 'bern')).toBe(true);
  });

  it('refuses when there is no profile', () => {
    expect(hasSiteAccess(null, 'zurich')).toBe(false);
    expect(hasSiteAccess(undefined, 'zurich')).toBe(false);
  });
});
