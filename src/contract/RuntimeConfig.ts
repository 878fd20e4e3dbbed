/** What the server hands the browser at /config.js: base URLs (empty = same origin) and map options. */
export interface RuntimeConfig {
  ssoUrl: string;
  mainUrl: string;
  paymentUrl: string;
  socketUrl: string;
  baseMapStyleUrl: string | null;
  /** The 3D-terrain layer's raster-dem tile template and encoding (TERRAIN_TILES_URL/_ENCODING). */
  terrainTilesUrl: string;
  terrainTilesEncoding: 'terrarium' | 'mapbox';
  /** The satellite layer's raster tile template (SATELLITE_TILES_URL). */
  satelliteTilesUrl: string;
  vapidPublicKey: string | null;
}
