import type { SearchBucket } from '../../src/contract/Parcel';
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

describe('count bubbles merged by screen distance (issue 14 item 8)', () => {
  // The "Zug" search: 15/7/47/4953 stacked unreadably at zoom 8.
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
});
