import type { RuntimeConfig } from '../contract/RuntimeConfig';

declare global {
  interface Window {
    /** Set by the server's /config.js before the bundle runs. */
    __PARCEL_ATLAS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** Same origin for every host: what a single-process deployment serves. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  ssoUrl: '',
  mainUrl: '',
  paymentUrl: '',
  socketUrl: '',
  baseMapStyleUrl: null,
  terrainTilesUrl: 'https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png',
  terrainTilesEncoding: 'terrarium',
  satelliteTilesUrl:
    'https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.swissimage/default/current/3857/{z}/{x}/{y}.jpeg',
  vapidPublicKey: null,
};

/** An empty base URL means "this origin"; made absolute because fetch outside a page needs absolute URLs. */
function absoluteBase(url: string | undefined): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (url && url.trim() !== '' ? url.trim() : origin).replace(/\/+$/, '');
}

/** The runtime configuration, read at call time so tests can set the global before a request. */
export function runtimeConfig(): RuntimeConfig {
  const given = typeof window === 'undefined' ? undefined : window.__PARCEL_ATLAS_CONFIG__;
  const merged: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, ...(given ?? {}) };
  return {
    ...merged,
    ssoUrl: absoluteBase(merged.ssoUrl),
    mainUrl: absoluteBase(merged.mainUrl),
    paymentUrl: absoluteBase(merged.paymentUrl),
    socketUrl: absoluteBase(merged.socketUrl),
  };
}
