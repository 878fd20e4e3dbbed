import type { SearchBucket } from '../../src/contract/Parcel';
import { BUBBLE_STROKE_PX, bubbleRadiusPx } from '../../src/features/map/clusters/bubbleSize';
import { bubbleLabel, SearchClusters } from '../../src/features/map/clusters/searchClusters';

function bucket(key: string, count: number, lon: number, lat: number, box?: number[]): SearchBucket {
  return {
    key,
    doc_count: count,
    city: { geometry: { type: 'Point', coordinates: [lon, lat] } },
    ...(box
      ? { bounds: { top_left: { lon: box[0], lat: box[3] }, bottom_right: { lon: box[2], lat: box[1] } } }
      : {}),
  };
}

describe('count bubbles merged by screen distance', () => {
  // A "Zug" search: 15/7/47/4953, which stack unreadably at zoom 8 unless merged.
  const buckets = [
    bucket('Zug', 4953, 8.5155, 47.1662, [8.47, 47.1, 8.57, 47.2]),
    bucket('Baar', 47, 8.5267, 47.1963, [8.5, 47.17, 8.58, 47.22]),
    bucket('Cham', 15, 8.4635, 47.1823, [8.42, 47.16, 8.49, 47.2]),
    bucket('Lugano', 7, 8.9511, 46.0037, [8.9, 45.98, 8.99, 46.05]),
  ];

  it('merges municipalities closer than the bubble radius: one bubble for the Zug area at zoom 8, apart at 13', () => {
    const clusters = new SearchClusters(buckets, 7, 14);
    const at = (zoom: number) =>
      clusters
        .bubbles(zoom)
        .features.map((feature) => feature.properties.count)
        .sort((a, b) => a - b);
    expect(at(8)).toEqual([7, 5015]);
    expect(at(8.9)).toEqual([7, 5015]);
    expect(at(13)).toEqual([7, 15, 47, 4953]);
  });

  it('gives a merged bubble the union of its municipalities’ extents, and a single one its name', () => {
    const bubbles = new SearchClusters(buckets, 7, 14).bubbles(8).features;
    const zug = bubbles.find((feature) => feature.properties.count === 5015)!;
    expect(zug.properties).toMatchObject({
      west: 8.42,
      south: 47.1,
      east: 8.58,
      north: 47.22,
      label: '5015',
    });
    expect(zug.properties.name).toBeUndefined();
    const lugano = bubbles.find((feature) => feature.properties.count === 7)!;
    expect(lugano.properties).toMatchObject({ name: 'Lugano', west: 8.9, north: 46.05 });
    expect(lugano.geometry.coordinates).toEqual([8.9511, 46.0037]);
  });

  it('labels counts exactly below 10 000, then in thousands', () => {
    expect(bubbleLabel(4953)).toBe('4953');
    expect(bubbleLabel(12_480)).toBe('12K');
  });

  /** Web Mercator pixels of a lon/lat at a whole zoom (512 px world). */
  function pixels([lon, lat]: number[], zoom: number): [number, number] {
    const size = 512 * 2 ** zoom;
    const sin = Math.sin((lat * Math.PI) / 180);
    return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
  }

  function touching(features: GeoJSON.Feature<GeoJSON.Point, { count: number }>[], zoom: number): string[] {
    const pairs: string[] = [];
    features.forEach((a, i) =>
      features.slice(i + 1).forEach((b) => {
        const [ax, ay] = pixels(a.geometry.coordinates, zoom);
        const [bx, by] = pixels(b.geometry.coordinates, zoom);
        const reach =
          bubbleRadiusPx(a.properties.count) + bubbleRadiusPx(b.properties.count) + 2 * BUBBLE_STROKE_PX;
        if (Math.hypot(ax - bx, ay - by) < reach) pairs.push(`${a.properties.count}/${b.properties.count}`);
      }),
    );
    return pairs;
  }

  it('draws no bubble over another: a 27K bubble and a 4111 one 70 px apart at zoom 10 become one', () => {
    // 70 px at zoom 10 is beyond supercluster's 60 px radius, but the two bubbles are 40 px and 36 px wide.
    const degreesPer70px = (70 / (512 * 2 ** 10)) * 360;
    const pair = [
      bucket('Luzern', 27_000, 8.3093, 47.0502, [8.25, 47.0, 8.35, 47.1]),
      bucket('Emmen', 4111, 8.3093 + degreesPer70px, 47.0502, [8.27, 47.03, 8.33, 47.08]),
    ];
    const bubbles = new SearchClusters(pair, 7, 14).bubbles(10).features;
    expect(bubbles.map((feature) => feature.properties.count)).toEqual([31_111]);
    expect(bubbles[0].properties).toMatchObject({ label: '31K', west: 8.25, east: 8.35 });
    // Two zoom levels closer they stand apart again, each with its own name.
    const closer = new SearchClusters(pair, 7, 14).bubbles(12).features;
    expect(closer.map((feature) => feature.properties.name).sort()).toEqual(['Emmen', 'Luzern']);
  });

  it('keeps every pair of bubbles apart at every zoom for a search spread over hundreds of municipalities', () => {
    // A whole-country-like spread: 400 municipalities with counts from 1 to 30 000.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const many = Array.from({ length: 400 }, (_, index) =>
      bucket(`M${index}`, Math.ceil(random() ** 4 * 30_000), 6 + random() * 4.4, 45.9 + random() * 1.8),
    );
    const clusters = new SearchClusters(many, 7, 14);
    for (const zoom of [7, 8, 9, 10, 11, 12, 13]) {
      const bubbles = clusters.bubbles(zoom).features;
      expect(touching(bubbles, zoom)).toEqual([]);
      expect(bubbles.reduce((sum, feature) => sum + feature.properties.count, 0)).toBe(
        many.reduce((sum, item) => sum + item.doc_count, 0),
      );
    }
  });

  it('sizes bubbles from 12 px for one match to 40 px for 10 000 and more', () => {
    expect(bubbleRadiusPx(1)).toBe(12);
    expect(bubbleRadiusPx(100)).toBe(18);
    expect(bubbleRadiusPx(10_000)).toBe(40);
    expect(bubbleRadiusPx(27_000)).toBe(40);
  });
});
