import type { Parcel } from '../../src/contract/Parcel';
import { SITE_CONSTRAINT_KEYS } from '../../src/contract/Sites';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { siteConstraints } from '../../server/services/sites/siteConstraints';
import {
  areNeighbours,
  neighbourGroups,
  polygonsArea,
  unitedOutline,
  type Polygons,
} from '../../server/services/sites/siteOutline';

/** A closed square of `size` metres with its south-west corner at an LV95 position. */
const square = (e: number, n: number, size = 20): Polygons => [
  [
    [
      [e, n],
      [e + size, n],
      [e + size, n + size],
      [e, n + size],
      [e, n],
    ],
  ],
];

const E = 2_600_000.123;
const N = 1_200_000.456;

describe('areNeighbours', () => {
  it('takes parcels that share an edge or a corner', () => {
    expect(areNeighbours(square(E, N), square(E + 20, N))).toBe(true);
    expect(areNeighbours(square(E, N), square(E + 20, N + 20))).toBe(true);
  });

  it('takes a gap up to 0.5 m and refuses a wider one', () => {
    expect(areNeighbours(square(E, N), square(E + 20.4, N))).toBe(true);
    expect(areNeighbours(square(E, N), square(E + 20.6, N))).toBe(false);
    expect(areNeighbours(square(E, N), square(E + 200, N + 200))).toBe(false);
  });

  it('takes an enclave inside another parcel', () => {
    expect(areNeighbours(square(E, N, 100), square(E + 40, N + 40, 10))).toBe(true);
  });
});

describe('neighbourGroups', () => {
  it('joins a chain through its middle parcel and separates a parcel apart', () => {
    const chain = [square(E, N), square(E + 40, N), square(E + 20, N), square(E + 500, N)];
    expect(neighbourGroups(chain)).toEqual([[0, 1, 2], [3]]);
  });
});

describe('unitedOutline', () => {
  it('unites neighbours into one outline of their summed area, corners kept to the millimetre', () => {
    const united = unitedOutline([square(E, N), square(E + 20, N), square(E, N + 20)]);
    expect(united).toHaveLength(1);
    expect(united[0]).toHaveLength(1);
    expect(polygonsArea(united)).toBeCloseTo(1200, 6);
    const corners = united[0][0].map(([e, n]) => `${e.toFixed(3)} ${n.toFixed(3)}`);
    expect(corners).toContain('2600040.123 1200000.456');
    expect(corners).toContain('2600000.123 1200040.456');
  });

  it('keeps a courtyard the parcels close around as a hole', () => {
    const ring = [
      square(E, N),
      square(E + 20, N),
      square(E + 40, N),
      square(E, N + 20),
      square(E + 40, N + 20),
      square(E, N + 40),
      square(E + 20, N + 40),
      square(E + 40, N + 40),
    ];
    const united = unitedOutline(ring);
    expect(united).toHaveLength(1);
    expect(united[0]).toHaveLength(2);
    expect(polygonsArea(united)).toBeCloseTo(3200, 6);
  });
});

describe('siteConstraints', () => {
  const parcel = (number: string, fields: Partial<Parcel>): Parcel =>
    ({ PRC_NO: number, ...fields }) as Parcel;

  it('takes the worst hazard, groundwater zone, noise level and radon, and every heritage entry', () => {
    const constraints = siteConstraints(
      [
        parcel('101', { HAZ_WAT: 'yellow', GRN_GWU: 'Au', OVL_NOI: 'ES II', GRN_RAD: 3, PRO_ARS: 'none' }),
        parcel('102', { HAZ_WAT: 'blue', HAZ_SLI: 'yellow', GRN_GWU: 'S3', OVL_NOI: 'ES III', GRN_RAD: 8 }),
        parcel('103', { HAZ_WAT: 'blue', PRO_BUN: 'KGS A object', OVL_NOI: 'ES II', GRN_RAD: 1 }),
      ],
      serverTranslator('en'),
    );
    expect(constraints.map((c) => c.key)).toEqual([...SITE_CONSTRAINT_KEYS]);
    const byKey = Object.fromEntries(constraints.map((c) => [c.key, c]));
    expect(byKey.hazards.value).toMatch(/blue/);
    expect(byKey.hazards.value).not.toMatch(/: yellow.*: yellow/);
    expect(byKey.hazards.parcels).toEqual(['102', '103']);
    expect(byKey.groundwater.parcels).toEqual(['102']);
    expect(byKey.noise.value).toMatch(/III/);
    expect(byKey.noise.parcels).toEqual(['102']);
    expect(byKey.radon.parcels).toEqual(['102']);
    expect(byKey.radon.value).toMatch(/8/);
    expect(byKey.heritage.parcels).toEqual(['103']);
    expect(byKey.contamination).toMatchObject({ value: 'none', parcels: [], binding: false });
    // Binding as the assessment rules: hazards and groundwater zones do, ES III does, radon 8 % does not.
    expect([byKey.hazards, byKey.groundwater, byKey.noise].map((c) => c.binding)).toEqual([true, true, true]);
    expect(byKey.radon.binding).toBe(false);
  });

  it('names a heritage entry once where its value only repeats the field ("Archäologische Zone")', () => {
    const constraints = siteConstraints(
      [parcel('35', { PRO_ARP: 'archaeological area' }), parcel('36', { PRO_BUN: 'KGS A object' })],
      serverTranslator('de'),
    );
    const heritage = constraints.find((c) => c.key === 'heritage')!;
    expect(heritage.value).toMatch(/, Archäologische Zone$/);
    expect(heritage.value).not.toMatch(/Archäologische Zone: /i);
    expect([...heritage.parcels].sort()).toEqual(['35', '36']);
  });

  it('says "none" in the language for a theme no parcel carries', () => {
    const constraints = siteConstraints(
      [parcel('1', { HAZ_WAT: 'white' }), parcel('2', {})],
      serverTranslator('de'),
    );
    const hazards = constraints.find((c) => c.key === 'hazards')!;
    expect(hazards).toMatchObject({ value: 'keine', parcels: [] });
    expect(hazards.label).toBe('Naturgefahren (höchste Stufe)');
  });
});
