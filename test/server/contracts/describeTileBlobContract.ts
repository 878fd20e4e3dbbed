import { gzipSync } from 'node:zlib';
import type { MakeStores } from './ContractStores';

/** The encoded-tile cache, as every adapter must keep it. */
export function describeTileBlobContract(makeStores: MakeStores<'tileBlobs'>): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(async () => {
    stores = makeStores();
  });
  // Every byte value, so an adapter that stores text or escapes badly fails.
  const bytes = gzipSync(Buffer.from(Array.from({ length: 256 }, (_, value) => value)));

  it('reads back the exact bytes and tag of a tile, per dataset build and key', async () => {
    expect(await stores.tileBlobs.read('build-1', 'parcels/14/8585/5751')).toBeNull();
    await stores.tileBlobs.write('build-1', 'parcels/14/8585/5751', { gzip: bytes, etag: '"abc"' });
    const tile = await stores.tileBlobs.read('build-1', 'parcels/14/8585/5751');
    expect(Buffer.compare(Buffer.from(tile?.gzip ?? []), bytes)).toBe(0);
    expect(tile?.etag).toBe('"abc"');
    expect(await stores.tileBlobs.read('build-2', 'parcels/14/8585/5751')).toBeNull();
  });

  it('replaces a tile written again and drops the tiles of other builds', async () => {
    await stores.tileBlobs.write('build-1', 'k', { gzip: bytes, etag: '"1"' });
    await stores.tileBlobs.write('build-1', 'k', { gzip: Buffer.from([1, 2, 3]), etag: '"2"' });
    expect((await stores.tileBlobs.read('build-1', 'k'))?.etag).toBe('"2"');
    await stores.tileBlobs.write('build-2', 'k', { gzip: bytes, etag: '"3"' });
    await stores.tileBlobs.keepOnly('build-2');
    expect(await stores.tileBlobs.read('build-1', 'k')).toBeNull();
    expect((await stores.tileBlobs.read('build-2', 'k'))?.etag).toBe('"3"');
  });
}
