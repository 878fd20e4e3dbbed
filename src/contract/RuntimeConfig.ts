/** What the server hands the browser at /config.js: base URLs (empty = same origin) and map options. */
export interface RuntimeConfig {
  ssoUrl: string;
  mainUrl: string;
  paymentUrl: string;
  socketUrl: string;
  baseMapStyleUrl: string | null;
  vapidPublicKey: string | null;
}
