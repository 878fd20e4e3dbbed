import type { AppLocation, AppRouter } from '../../../src/store/appLifecycle';
import { makeStore } from '../../../src/app/store';
import { layerSwitched } from '../../../src/features/layers/layersSlice';
import { mapViewChanged } from '../../../src/features/map/mapSlice';
import { storeWithRouter } from '../renderWithProviders';

const here = (router: ReturnType<typeof storeWithRouter>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/**
 * A router that applies navigations only when told, as a busy browser may: the listener's rewrites then
 * come back after the state has moved on.
 */
function slowRouter(start: string) {
  const subscribers = new Set<(state: SlowState) => void>();
  const queued: { pathname: string; search: string }[] = [];
  let key = 0;
  interface SlowState {
    location: { pathname: string; search: string; key: string };
    historyAction: AppLocation['navigation'];
  }
  const [pathname, search = ''] = start.split('?');
  const router = {
    state: { location: { pathname, search: search ? `?${search}` : '', key: 'start' }, historyAction: 'POP' },
    navigate: async (to: { pathname: string; search: string }) => {
      queued.push(to);
    },
    subscribe: (subscriber: (state: SlowState) => void) => {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  } as { state: SlowState; navigate: unknown; subscribe: unknown };
  const settleOne = () => {
    const to = queued.shift()!;
    router.state = {
      location: { pathname: to.pathname, search: `?${to.search}`, key: String(++key) },
      historyAction: 'REPLACE',
    };
    for (const subscriber of subscribers) subscriber(router.state);
  };
  // The store only uses navigate, subscribe and state.location/historyAction of a data router.
  return { router: router as unknown as AppRouter, queued, settleOne };
}

describe('the URL-state listener (ADR 054)', () => {
  it('restores camera, layers and search on back and forward', async () => {
    const { store, router } = storeWithRouter(undefined, [
      '/?searchQuery=Zug&map=8.5%2C47.1%2C12%2C0%2C0&layers=radon',
      '/?searchQuery=Baar&map=8.6%2C47.2%2C14%2C30%2C0&layers=floods',
    ]);
    expect(store.getState().map).toMatchObject({ center: [8.6, 47.2], zoom: 14, pitch: 30 });
    await router.navigate(-1);
    expect(store.getState().map).toMatchObject({ center: [8.5, 47.1], zoom: 12, pitch: 0 });
    expect(store.getState().layers.on).toEqual(['radon']);
    expect(store.getState().search.active?.criteria).toEqual({ searchQuery: 'Zug' });
    await router.navigate(1);
    expect(store.getState().map).toMatchObject({ center: [8.6, 47.2], zoom: 14 });
    expect(store.getState().layers.on).toEqual(['floods']);
    expect(store.getState().search.active?.criteria).toEqual({ searchQuery: 'Baar' });
  });

  it("never drops a link's key while restoring it: every URL on the way keeps map, parcel, site and lang", () => {
    const seen: string[] = [];
    const link =
      '/?searchQuery=Zug&map=8.51%2C47.17%2C15.5%2C45%2C10&parcel=CH000000000001&site=CH7,CH8&lang=de';
    const { store, router } = storeWithRouter(undefined, [link]);
    router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`));
    store.dispatch(layerSwitched({ id: 'radon', on: true }));
    expect(here(router)).toBe(
      '/?searchQuery=Zug&page=1&size=12&map=8.51%2C47.17%2C15.5%2C45%2C10&parcel=CH000000000001' +
        '&site=CH7,CH8&layers=radon&lang=de',
    );
    for (const url of [here(router), ...seen])
      for (const key of ['map=', 'parcel=', 'site=', 'lang=de'])
        expect([url, url.includes(key)]).toEqual([url, true]);
    expect(store.getState().language.chosen).toBe('de');
  });

  it('keeps a key written by one row when another row writes', () => {
    const { store, router } = storeWithRouter(undefined, ['/?layers=radon&utm_source=mail']);
    store.dispatch(mapViewChanged({ center: [8.5, 47.1], zoom: 12, pitch: 0, bearing: 0 }));
    expect(here(router)).toBe('/?map=8.5%2C47.1%2C12%2C0%2C0&layers=radon&utm_source=mail');
    store.dispatch(layerSwitched({ id: 'floods', on: true }));
    expect(here(router)).toBe('/?map=8.5%2C47.1%2C12%2C0%2C0&layers=radon,floods&utm_source=mail');
  });

  it('does not read its own rewrites back when the router reports them late', () => {
    const { router, queued, settleOne } = slowRouter('/');
    const store = makeStore({ router });
    store.dispatch(mapViewChanged({ center: [8.5, 47.1], zoom: 12, pitch: 0, bearing: 0 }));
    store.dispatch(mapViewChanged({ center: [9.5, 46.1], zoom: 13, pitch: 0, bearing: 0 }));
    expect(queued).toHaveLength(2);
    // The first rewrite arrives after the camera has moved on: it must not jump the camera back.
    settleOne();
    expect(store.getState().map).toMatchObject({ center: [9.5, 46.1], zoom: 13 });
    settleOne();
    expect(store.getState().map).toMatchObject({ center: [9.5, 46.1], zoom: 13 });
    expect(queued).toHaveLength(0);
  });
});
