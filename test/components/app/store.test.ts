import { addAppListener, type RootState } from '../../../src/store/storeTypes';
import { showSnackbar } from '../../../src/features/ui/uiSlice';
import { pageChanged, searchRequested, searchStarted } from '../../../src/features/search/searchSlice';
import { storeWithRouter } from '../renderWithProviders';

const location = (router: ReturnType<typeof storeWithRouter>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

type IsNever<T> = [T] extends [never] ? true : false;
type IsAny<T> = 0 extends 1 & T ? true : false;

describe("the store's types in the kernel (src/store/storeTypes.ts, registered by makeStore's module)", () => {
  it('RootState is the state makeStore builds, neither never (unregistered) nor any', () => {
    const { store } = storeWithRouter();
    // tsc fails on both lines when the registration in src/app/store.ts is lost.
    const state: RootState = store.getState();
    const degraded: [IsNever<RootState>, IsAny<RootState>] = [false, false];
    expect(degraded).toEqual([false, false]);
    expect(Object.keys(state)).toEqual(expect.arrayContaining(['session', 'search', 'map', 'ui']));
  });
});

describe('makeStore: each store has its own listener middleware', () => {
  it('two stores do not share listeners', () => {
    const first = storeWithRouter();
    const second = storeWithRouter();
    const heardByFirst = jest.fn();
    first.store.dispatch(addAppListener({ actionCreator: showSnackbar, effect: heardByFirst }));
    second.store.dispatch(showSnackbar('info', { text: 'only the second store' }));
    expect(heardByFirst).not.toHaveBeenCalled();
    first.store.dispatch(showSnackbar('info', { text: 'the first store' }));
    expect(heardByFirst).toHaveBeenCalledTimes(1);
  });
});

describe('URL ↔ store sync: one listener over the search-parameter table (design.md §3)', () => {
  it('restores the search of the start URL, with its page, as the search on screen', () => {
    const { store } = storeWithRouter(undefined, [
      '/?CANTON=ZG&LOCNAME=Zug&GRN_RAD_from=0&GRN_RAD_to=9&page=3&size=12',
    ]);
    expect(store.getState().search.active).toEqual({
      criteria: { CANTON: 'ZG', LOCNAME: ['Zug'], GRN_RAD: true },
      paging: { page: 3, size: 12 },
    });
  });

  it("writes the store's search back into the URL, replacing the entry", async () => {
    jest.useFakeTimers();
    try {
      const { store, router } = storeWithRouter(undefined, ['/']);
      store.dispatch(searchRequested({ searchQuery: 'Zug', PRC_SUR_from: 500 }));
      store.dispatch(searchStarted());
      await jest.runAllTimersAsync();
      expect(location(router)).toBe(
        '/?searchQuery=Zug&PRC_SUR_from=500&PRC_SUR_to=99999999999&page=1&size=12',
      );
      store.dispatch(pageChanged(2));
      expect(location(router)).toBe(
        '/?searchQuery=Zug&PRC_SUR_from=500&PRC_SUR_to=99999999999&page=2&size=12',
      );
      expect(router.state.historyAction).toBe('REPLACE');
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the search the store has when the map view is reached without one (back from /settings)', async () => {
    const { store, router } = storeWithRouter(undefined, ['/?searchQuery=Zug', '/settings']);
    store.dispatch(searchRequested({ searchQuery: 'Baar' }));
    store.dispatch(searchStarted());
    expect(location(router)).toBe('/settings');
    await router.navigate('/');
    expect(location(router)).toBe('/?searchQuery=Baar&page=1&size=12');
  });

  it('takes the URL again on history navigation to a map view carrying a search', async () => {
    const { store, router } = storeWithRouter(undefined, ['/?searchQuery=Zug', '/settings']);
    await router.navigate(-1);
    expect(store.getState().search.active?.criteria).toEqual({ searchQuery: 'Zug' });
  });
});
