/** What the server hands the browser at /config.js: base URLs (empty = same origin) and map options. */
export interface RuntimeConfig {
  ssoUrl: string;
  mainUrl: string;
  paymentUrl: string;
  socketUrl: string;
  baseMapStyleUrl: string | null;
  /**
   * The 3D-terrain layer's raster-dem tile template and encoding (TERRAIN_TILES_URL/_ENCODING); null
   * when the deployment switched the outside service off (the layer is not offered).
   */
  terrainTilesUrl: string | null;
  terrainTilesEncoding: 'terrarium' | 'mapbox';
  /** The satellite layer's raster tile template (SATELLITE_TILES_URL); null when switched off. */
  satelliteTilesUrl: string | null;
  vapidPublicKey: string | null;
}
