import {
  createSharedTileLoader,
  networkUrlOf,
  sharedTileUrl,
} from '../../src/features/map/tiles/sharedTileLoader';

describe('one fetch per base-map tile', () => {
  it('serves the 16 over-zoomed requests of one fly-to with one fetch, however many are aborted', async () => {
    let finish: (tile: ArrayBuffer) => void = () => undefined;
    const fetchTile = jest.fn(
      () =>
        new Promise<ArrayBuffer>((resolve) => {
          finish = resolve;
        }),
    );
    const loader = createSharedTileLoader(fetchTile);
    const url = 'http://localhost/tiles/base/10/536/359.pbf';
    const controllers = Array.from({ length: 16 }, () => new AbortController());
    const loads = controllers.map((controller) => loader.load(url, controller.signal));
    // The camera moves on: the engine gives up on most of them mid-flight.
    for (const controller of controllers.slice(0, 12)) controller.abort();
    finish(new Uint8Array([1, 2, 3]).buffer);
    const settled = await Promise.allSettled(loads);
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(12);
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
    // Asked again after the flight: from memory.
    expect(new Uint8Array(await loader.load(url, new AbortController().signal))).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    expect(fetchTile).toHaveBeenCalledTimes(1);
    expect(loader.fetches).toBe(1);
  });

  it('hands every caller its own bytes: the engine detaching one (transfer to its worker) leaves the cache intact', async () => {
    const loader = createSharedTileLoader(async () => new Uint8Array([7, 8, 9]).buffer);
    const first = await loader.load('http://x/2.pbf');
    // What postMessage with a transfer list does to the buffer MapLibre got.
    structuredClone(first, { transfer: [first] });
    expect(first.byteLength).toBe(0);
    const second = await loader.load('http://x/2.pbf');
    expect(new Uint8Array(second)).toEqual(new Uint8Array([7, 8, 9]));
    expect(loader.fetches).toBe(1);
  });

  it('fetches again after a failed request', async () => {
    const fetchTile = jest
      .fn<Promise<ArrayBuffer>, [string]>()
      .mockRejectedValueOnce(new Error('HTTP 503'))
      .mockResolvedValueOnce(new ArrayBuffer(4));
    const loader = createSharedTileLoader(fetchTile);
    await expect(loader.load('http://x/1.pbf')).rejects.toThrow('HTTP 503');
    expect((await loader.load('http://x/1.pbf')).byteLength).toBe(4);
    expect(fetchTile).toHaveBeenCalledTimes(2);
  });

  it('wraps and unwraps the network URL in the shared-tile scheme', () => {
    const url = 'http://localhost:8080/tiles/base/{z}/{x}/{y}.pbf';
    expect(sharedTileUrl(url)).toBe('shared-tile://http://localhost:8080/tiles/base/{z}/{x}/{y}.pbf');
    expect(networkUrlOf(sharedTileUrl(url))).toBe(url);
  });
});
