import { addListener, type TypedStartListening } from '@reduxjs/toolkit';
import type { AppRouter } from './appLifecycle';

/**
 * The store's types as src/app/store.ts registers them (declaration merging, the pattern of TanStack
 * Router's `Register`): `store` is what makeStore returns, `preloadedState` what it accepts. The store is
 * composed of every feature, and every feature needs its types; registering them here lets features
 * import this file and never src/app, so no folder cycle arises even at the type level (ADR 055).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by src/app/store.ts
export interface StoreRegistry {}

/** A registered type; `never` in a program that leaves out src/app/store.ts (none of ours does). */
type Registered<Key extends string> = StoreRegistry extends Record<Key, infer Type> ? Type : never;

export type AppStore = Registered<'store'>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
/** Any slice's state; the persisted ones (session, comparison tray) without redux-persist's `_persist`. */
export type AppPreloadedState = Registered<'preloadedState'>;
export type AppStartListening = TypedStartListening<RootState, AppDispatch, AppRouter>;
export const addAppListener = addListener.withTypes<RootState, AppDispatch, AppRouter>();
