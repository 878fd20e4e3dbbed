import { inTurn, type MakeStores } from './ContractStores';

/** Coupons (capped, expiring) and the parcels downloaded per period, as every adapter must keep them. */
export function describeCouponAndDownloadContract(
  makeStores: MakeStores<'coupons' | 'parcelDownloads'>,
): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(async () => {
    stores = makeStores();
  });
  const at = (iso: string) => new Date(iso);

  describe('coupons', () => {
    it('creates a code once and lists the newest first', async () => {
      const welcome = {
        code: 'WELCOME',
        percentOff: 20,
        amountOffCents: null,
        expiresAt: null,
        maxRedemptions: null,
      };
      expect(await stores.coupons.create(welcome, at('2026-11-01T00:00:00.000Z'))).toBe(true);
      expect(
        await stores.coupons.create({ ...welcome, percentOff: 50 }, at('2026-11-02T00:00:00.000Z')),
      ).toBe(false);
      await stores.coupons.create(
        {
          code: 'TEN',
          percentOff: null,
          amountOffCents: 1000,
          expiresAt: '2026-12-01T00:00:00.000Z',
          maxRedemptions: 2,
        },
        at('2026-11-03T00:00:00.000Z'),
      );
      expect(await stores.coupons.list()).toEqual([
        {
          code: 'TEN',
          percentOff: null,
          amountOffCents: 1000,
          expiresAt: '2026-12-01T00:00:00.000Z',
          maxRedemptions: 2,
          redeemed: 0,
          active: true,
          createdAt: '2026-11-03T00:00:00.000Z',
        },
        { ...welcome, redeemed: 0, active: true, createdAt: '2026-11-01T00:00:00.000Z' },
      ]);
    });

    it('redeems up to the cap, before the expiry, while active', async () => {
      const now = at('2026-11-10T00:00:00.000Z');
      await stores.coupons.create(
        {
          code: 'TWO',
          percentOff: 10,
          amountOffCents: null,
          expiresAt: '2026-12-01T00:00:00.000Z',
          maxRedemptions: 2,
        },
        now,
      );
      expect((await stores.coupons.usable('TWO', now))?.redeemed).toBe(0);
      expect(await inTurn(3, () => stores.coupons.tryRedeem('TWO', now))).toEqual([true, true, false]);
      expect(await stores.coupons.usable('TWO', now)).toBeNull();
      await stores.coupons.create(
        {
          code: 'LATE',
          percentOff: 10,
          amountOffCents: null,
          expiresAt: '2026-12-01T00:00:00.000Z',
          maxRedemptions: null,
        },
        now,
      );
      expect(await stores.coupons.tryRedeem('LATE', at('2026-12-01T00:00:00.000Z'))).toBe(false);
      expect(await stores.coupons.deactivate('LATE')).toBe(true);
      expect(await stores.coupons.usable('LATE', now)).toBeNull();
      expect((await stores.coupons.list()).find((coupon) => coupon.code === 'LATE')?.active).toBe(false);
      expect(await stores.coupons.deactivate('UNKNOWN')).toBe(false);
      expect(await stores.coupons.tryRedeem('UNKNOWN', now)).toBe(false);
    });
  });

  describe('parcel downloads', () => {
    it('records the first download of a parcel per user and period', async () => {
      const period = '2026-11-01T00:00:00.000Z';
      expect(await stores.parcelDownloads.has('u1', period, 'ZG-1')).toBe(false);
      expect(await stores.parcelDownloads.record('u1', period, 'ZG-1', '2026-11-05T10:00:00.000Z')).toBe(
        true,
      );
      expect(await stores.parcelDownloads.record('u1', period, 'ZG-1', '2026-11-06T10:00:00.000Z')).toBe(
        false,
      );
      expect(await stores.parcelDownloads.has('u1', period, 'ZG-1')).toBe(true);
      expect(await stores.parcelDownloads.has('u2', period, 'ZG-1')).toBe(false);
      expect(await stores.parcelDownloads.has('u1', '2026-12-01T00:00:00.000Z', 'ZG-1')).toBe(false);
    });
  });
}
