import { formatLv95, formatWgs84, lv95FromWgs84, wgs84FromLv95 } from '../../src/lib/geo/lv95';
import { areaInSquareMetres, lengthInMetres, perimeterInMetres } from '../../src/lib/geo/measure';
import { formatArea, formatDistance } from '../../src/features/map/measure/MeasurePanel';

describe('LV95 coordinates and measuring', () => {
  it("converts WGS84 to LV95 like swisstopo's reference point (46°2'38.87\" N, 8°43'49.79\" E → E 2'700'000, N 1'100'000)", () => {
    const lat = 46 + 2 / 60 + 38.87 / 3600;
    const lon = 8 + 43 / 60 + 49.79 / 3600;
    const { east, north } = lv95FromWgs84([lon, lat]);
    expect(Math.abs(east - 2_700_000)).toBeLessThan(1);
    expect(Math.abs(north - 1_100_000)).toBeLessThan(1);
    const [backLon, backLat] = wgs84FromLv95({ east, north });
    expect(backLon).toBeCloseTo(lon, 7); // 1e-7° is about 1 cm
    expect(backLat).toBeCloseTo(lat, 7);
  });

  it('formats LV95 with the Swiss thousands apostrophe and WGS84 with six decimals', () => {
    expect(formatLv95({ east: 2683123.456, north: 1247456.789 })).toBe("E 2'683'123.46 / N 1'247'456.79");
    expect(formatLv95({ east: 2683123.456, north: 1247456.789 }, 0)).toBe("E 2'683'123 / N 1'247'457");
    expect(formatWgs84([8.5416904, 47.3665201])).toBe('47.366520° N, 8.541690° E');
  });

  it('measures a 100 m × 50 m rectangle of the grid as 100 m long, 5000 m² and 300 m around', () => {
    const corner = { east: 2_683_000, north: 1_247_000 };
    const points = [
      corner,
      { east: corner.east + 100, north: corner.north },
      { east: corner.east + 100, north: corner.north + 50 },
      { east: corner.east, north: corner.north + 50 },
    ].map(wgs84FromLv95);
    expect(lengthInMetres(points.slice(0, 2))).toBeCloseTo(100, 3);
    expect(areaInSquareMetres(points)).toBeCloseTo(5000, 1);
    expect(perimeterInMetres(points)).toBeCloseTo(300, 3);
    expect(areaInSquareMetres(points.slice(0, 2))).toBe(0);
  });

  it('shows distances in m (km from 10 km) and areas in m² (with ha from 10 ha)', () => {
    expect(formatDistance(1234.56)).toBe("1'234.6 m");
    expect(formatDistance(12345)).toBe('12.35 km');
    expect(formatArea(8431.4)).toBe("8'431 m²");
    expect(formatArea(152300)).toBe("152'300 m² (15.23 ha)");
  });
});
