import { OUTSIDE_TILE_TIMEOUT_MS } from '../../src/lib/timing';
import { layerOffered, outsideTileUrl } from '../../src/features/layers/outsideServices';
import {
  fetchOutsideTile,
  OutsideTileError,
  TILE_WAITED_TOO_LONG_STATUS,
} from '../../src/features/layers/outsideTileFetch';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/runtimeConfig';

describe('tiles of outside services', () => {
  const url = outsideTileUrl('https://tiles.example.ch/terrain/8/133/90.png');
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });

  /** Runs `body` on jest's fake clock and restores the real one whatever happens. */
  async function onFakeTimers(body: () => Promise<void>): Promise<void> {
    jest.useFakeTimers();
    try {
      await body();
    } finally {
      jest.restoreAllMocks();
      jest.useRealTimers();
    }
  }

  /** A fetch that never answers until it is aborted, as a host behind a dead network does. */
  const hangingFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('gives up on a service that does not answer after OUTSIDE_TILE_TIMEOUT_MS, naming its host', () =>
    onFakeTimers(async () => {
      fetchMock.mockImplementation(hangingFetch);
      const tile = fetchOutsideTile(url, new AbortController().signal);
      const outcome = expect(tile).rejects.toThrow('tiles.example.ch did not answer within 6000 ms');
      expect(fetchMock).toHaveBeenCalledWith(
        'https://tiles.example.ch/terrain/8/133/90.png',
        expect.anything(),
      );
      await jest.advanceTimersByTimeAsync(OUTSIDE_TILE_TIMEOUT_MS);
      await outcome;
    }));

  it('lets a tile wait behind others while its host answers them, and gives up once the host falls silent', () =>
    onFakeTimers(async () => {
      const slow = outsideTileUrl('https://slow.example.ch/terrain/8/133/91.png');
      const other = outsideTileUrl('https://slow.example.ch/terrain/8/133/92.png');
      let answerOther: (response: Response) => void = () => undefined;
      fetchMock.mockImplementation((target: string, init: RequestInit) =>
        target.endsWith('92.png')
          ? new Promise<Response>((resolve) => (answerOther = resolve))
          : hangingFetch(target, init),
      );
      let settled = false;
      const queued = fetchOutsideTile(slow, new AbortController().signal).finally(() => (settled = true));
      const outcome = expect(queued).rejects.toThrow('slow.example.ch did not answer within 6000 ms');
      const answered = fetchOutsideTile(other, new AbortController().signal);
      await jest.advanceTimersByTimeAsync(4_000);
      answerOther(new Response(new Uint8Array([7])));
      await answered;
      // 6 s after the request the host answered 2 s ago: slow, not unreachable.
      await jest.advanceTimersByTimeAsync(2_000);
      expect(settled).toBe(false);
      // Silent for 6 s since its last answer (10 s after the request): unreachable.
      await jest.advanceTimersByTimeAsync(3_999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await outcome;
    }));

  it('does not take answers of another service on the same host for signs of life', () =>
    onFakeTimers(async () => {
      const relief = outsideTileUrl('https://shared.example.ch/terrain/8/133/91.png');
      fetchMock.mockImplementation((target: string, init: RequestInit) =>
        target.includes('/terrain/')
          ? hangingFetch(target, init)
          : Promise.resolve(new Response(new Uint8Array([1]))),
      );
      const tile = fetchOutsideTile(relief, new AbortController().signal);
      const outcome = expect(tile).rejects.toThrow('shared.example.ch did not answer within 6000 ms');
      await jest.advanceTimersByTimeAsync(5_000);
      void fetchOutsideTile(
        outsideTileUrl('https://shared.example.ch/imagery/8/133/91.jpg'),
        new AbortController().signal,
      ).catch(() => undefined);
      await jest.advanceTimersByTimeAsync(1_000);
      await outcome;
    }));

  it('gives a queued tile at most four timeouts, however often its host answers others, and says it was only that tile', () =>
    onFakeTimers(async () => {
      const busy = outsideTileUrl('https://busy.example.ch/sat/8/1/1.jpg');
      fetchMock.mockImplementation((target: string, init: RequestInit) =>
        target.endsWith('1/1.jpg')
          ? hangingFetch(target, init)
          : Promise.resolve(new Response(new Uint8Array([1]))),
      );
      let settled = false;
      const queued = fetchOutsideTile(busy, new AbortController().signal).finally(() => (settled = true));
      const outcome = expect(queued).rejects.toEqual(
        expect.objectContaining({
          message:
            'Tile https://busy.example.ch/sat/8/1/1.jpg still unanswered after 24 s while busy.example.ch answers others',
          status: TILE_WAITED_TOO_LONG_STATUS,
        }),
      );
      for (let second = 1; second < 24; second++) {
        // Each answer counts when its headers arrive; its body is not waited for here.
        void fetchOutsideTile(
          outsideTileUrl(`https://busy.example.ch/sat/8/1/${second + 1}.jpg`),
          new AbortController().signal,
        ).catch(() => undefined);
        await jest.advanceTimersByTimeAsync(1_000);
      }
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1_000);
      await outcome;
    }));

  /**
   * The page's clock while its tasks run late: `lateBy(elapsed)` is how far the page's time has run ahead of the
   * timers' after `elapsed` ms of timers, as on a page drawing frames that take seconds.
   */
  function pageBusy(lateBy: (elapsed: number) => number): void {
    const timersNow = Date.now.bind(Date);
    const start = timersNow();
    jest.spyOn(Date, 'now').mockImplementation(() => {
      const elapsed = timersNow() - start;
      return start + elapsed + lateBy(elapsed);
    });
  }

  it('does not take a page too busy to read an answer for a silent service', () =>
    onFakeTimers(async () => {
      let answer: (response: Response) => void = () => undefined;
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            answer = resolve;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const tile = fetchOutsideTile(url, new AbortController().signal);
      // The answer arrives after 2 s, but a frame from 1 s to 11 s keeps it waiting in the page's queue: the
      // watchdog due at 6 s runs at 11 s, before the answer is read.
      pageBusy((elapsed) => (elapsed >= 1_000 ? 5_000 : 0));
      await jest.advanceTimersByTimeAsync(OUTSIDE_TILE_TIMEOUT_MS);
      answer(new Response(new Uint8Array([4, 2])));
      expect([...new Uint8Array(await tile)]).toEqual([4, 2]);
    }));

  it('counts a long frame as blindness, not silence, though an answer was read between two frames', () =>
    onFakeTimers(async () => {
      const answers = new Map<string, (response: Response) => void>();
      fetchMock.mockImplementation(
        (target: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            answers.set(target, resolve);
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const frames = outsideTileUrl('https://frames.example.ch/terrain/8/133/90.png');
      const other = outsideTileUrl('https://frames.example.ch/terrain/8/133/91.png');
      const tile = fetchOutsideTile(frames, new AbortController().signal);
      const answered = fetchOutsideTile(other, new AbortController().signal);
      // Two frames of 7 s each, from 1 s and from 6.5 s: the look due at 6 s runs at 13 s; the other tile's answer
      // is read at 13.2 s, between the frames; then the page is blind for 7 s again.
      pageBusy((elapsed) => (elapsed < 1_000 ? 0 : elapsed < 6_500 ? 7_000 : 14_000));
      await jest.advanceTimersByTimeAsync(6_200);
      answers.get('https://frames.example.ch/terrain/8/133/91.png')?.(new Response(new Uint8Array([1])));
      await answered;
      await jest.advanceTimersByTimeAsync(1_800);
      answers.get('https://frames.example.ch/terrain/8/133/90.png')?.(new Response(new Uint8Array([9])));
      expect([...new Uint8Array(await tile)]).toEqual([9]);
    }));

  it('names a dead service unreachable at the cap when the page stays too busy ever to see its silence', () =>
    onFakeTimers(async () => {
      fetchMock.mockImplementation(hangingFetch);
      let settled = false;
      const dead = outsideTileUrl('https://dead.example.ch/terrain/8/133/90.png');
      const tile = fetchOutsideTile(dead, new AbortController().signal).finally(() => (settled = true));
      const outcome = expect(tile).rejects.toThrow('dead.example.ch did not answer within 6000 ms');
      // Every look runs as late as it was due: the page's time runs twice as fast as its timers, and its 24 s cap
      // comes after 12 s of timers.
      pageBusy((elapsed) => elapsed);
      await jest.advanceTimersByTimeAsync(11_999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await outcome;
    }));

  it('gives up on a dead service OUTSIDE_TILE_TIMEOUT_MS after a long frame ends', () =>
    onFakeTimers(async () => {
      fetchMock.mockImplementation(hangingFetch);
      let settled = false;
      const dead = outsideTileUrl('https://after-frame.example.ch/terrain/8/133/90.png');
      const tile = fetchOutsideTile(dead, new AbortController().signal).finally(() => (settled = true));
      const outcome = expect(tile).rejects.toThrow('after-frame.example.ch did not answer within 6000 ms');
      // One frame from 1 s to 6 s: the look due at 6 s runs at 11 s, and the page sees from then on.
      pageBusy((elapsed) => (elapsed >= 1_000 ? 5_000 : 0));
      await jest.advanceTimersByTimeAsync(OUTSIDE_TILE_TIMEOUT_MS * 2 - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await outcome;
    }));

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
