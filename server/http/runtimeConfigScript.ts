import type { Config } from '../config';
import type { RuntimeConfig } from '../../src/contract/RuntimeConfig';

/** The browser's runtime configuration as a script that sets `window.__PARCEL_ATLAS_CONFIG__`. */
export function runtimeConfigScript(config: Config): string {
  const runtime: RuntimeConfig = {
    ssoUrl: config.clientUrls.sso,
    mainUrl: config.clientUrls.main,
    paymentUrl: config.clientUrls.payment,
    socketUrl: config.clientUrls.socket,
    baseMapStyleUrl: config.baseMapStyleUrl,
    vapidPublicKey: config.vapidPublicKey,
  };
  return `window.__PARCEL_ATLAS_CONFIG__ = ${JSON.stringify(runtime).replace(/</g, '\\u003c')};\n`;
}
