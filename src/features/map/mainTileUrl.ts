/** A vector-tile URL template of the main server (the {x}/{y}/{z} placeholders stay for the map engine). */
export function mainTileUrl(
  mainUrl: string,
  path: 'maps/tile' | 'maps/all-around' | 'maps/objects',
  query = '',
): string {
  return `${mainUrl}/v1/secure/${path}?x={x}&y={y}&z={z}${query ? `&${query}` : ''}`;
}
