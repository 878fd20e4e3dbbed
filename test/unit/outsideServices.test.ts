import { OUTSIDE_TILE_TIMEOUT_MS } from '../../src/lib/timing';
import {
  fetchOutsideTile,
  layerOffered,
  OutsideTileError,
  outsideTileUrl,
} from '../../src/features/layers/outsideServices';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/runtimeConfig';

describe('tiles of outside services', () => {
  const url = outsideTileUrl('https://tiles.example.ch/terrain/8/133/90.png');
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });

  /** A fetch that never answers until it is aborted, as a host behind a dead network does. */
  const hangingFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('gives up on a service that does not answer after OUTSIDE_TILE_TIMEOUT_MS, naming its host', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockImplementation(hangingFetch);
      const tile = fetchOutsideTile(url, new AbortController().signal);
      const outcome = expect(tile).rejects.toThrow('tiles.example.ch did not answer within 6000 ms');
      expect(fetchMock).toHaveBeenCalledWith(
        'https://tiles.example.ch/terrain/8/133/90.png',
        expect.anything(),
      );
      await jest.advanceTimersByTimeAsync(OUTSIDE_TILE_TIMEOUT_MS);
      await outcome;
    } finally {
      jest.useRealTimers();
    }
  });

  it('passes the map’s own abort through as an abort, not as an unreachable service', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const tile = fetchOutsideTile(url, controller.signal);
    controller.abort();
    await expect(tile).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('carries the HTTP status, so a 404 outside the coverage is not taken for a failure', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    const error = await fetchOutsideTile(url, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideTileError);
    expect((error as OutsideTileError).status).toBe(404);
  });

  it('returns the tile’s bytes', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2, 3])));
    const bytes = await fetchOutsideTile(url, new AbortController().signal);
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3]);
  });

  it('offers the satellite and terrain layers only where the deployment has their service', () => {
    expect(layerOffered('terrain', DEFAULT_RUNTIME_CONFIG)).toBe(true);
    const offline = { ...DEFAULT_RUNTIME_CONFIG, terrainTilesUrl: null, satelliteTilesUrl: null };
    expect(layerOffered('terrain', offline)).toBe(false);
    expect(layerOffered('satellite', offline)).toBe(false);
    expect(layerOffered('radon', offline)).toBe(true);
  });
});
