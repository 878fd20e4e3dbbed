/** WGS84 longitude/latitude to normalised Web Mercator (0..1, y southwards), as map tiles index it. */
export function mercator(lon: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [lon / 360 + 0.5, Math.min(Math.max(y, 0), 1)];
}
