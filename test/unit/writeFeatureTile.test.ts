import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { writeFeatureTile } from '../../server/services/tiles/writeFeatureTile';

const decode = (bytes: Uint8Array) => new VectorTile(new Pbf(bytes));

describe('writeFeatureTile: features in tile units as a Mapbox Vector Tile 2', () => {
  it('writes points, lines and polygons that decode to the same coordinates, closed rings without their last point', () => {
    const tile = decode(
      writeFeatureTile({
        places: { features: [{ type: 1, geometry: [[10, 20]], tags: { name: 'Zug' }, id: 7 }] },
        shapes: {
          features: [
            {
              type: 2,
              geometry: [
                [
                  [0, 0],
                  [100, 50],
                  [200, 0],
                ],
              ],
              tags: { kind: 'road' },
            },
            {
              type: 3,
              geometry: [
                [
                  [0, 0],
                  [400, 0],
                  [400, 400],
                  [0, 400],
                  [0, 0],
                ],
                [
                  [100, 100],
                  [100, 200],
                  [200, 200],
                  [200, 100],
                  [100, 100],
                ],
              ],
              tags: { kind: 'lake' },
            },
          ],
        },
      }),
    );
    expect(Object.keys(tile.layers)).toEqual(['places', 'shapes']);
    const place = tile.layers.places.feature(0);
    expect([place.id, place.type, place.properties]).toEqual([7, 1, { name: 'Zug' }]);
    expect(place.loadGeometry().map((ring) => ring.map(({ x, y }) => [x, y]))).toEqual([[[10, 20]]]);
    const shapes = tile.layers.shapes;
    expect([shapes.version, shapes.extent, shapes.length]).toEqual([2, 4096, 2]);
    expect(
      shapes
        .feature(0)
        .loadGeometry()[0]
        .map(({ x, y }) => [x, y]),
    ).toEqual([
      [0, 0],
      [100, 50],
      [200, 0],
    ]);
    const lake = shapes.feature(1);
    expect(lake.type).toBe(3);
    // The decoder closes each ring again from the ClosePath command.
    expect(lake.loadGeometry().map((ring) => ring.length)).toEqual([5, 5]);
    expect(lake.toGeoJSON(0, 0, 0).geometry.type).toBe('Polygon');
  });

  it('keeps every value kind, and a string apart from the number it spells', () => {
    const tags = { text: 'Zürich', whole: 42, negative: -3, fraction: 1.25, flag: true, big: 2 ** 40 };
    const layer = decode(
      writeFeatureTile({
        values: {
          features: [
            { type: 1, geometry: [[1, 1]], tags },
            { type: 1, geometry: [[2, 2]], tags: { text: 'Zürich', whole: '42' } },
          ],
        },
      }),
    ).layers.values;
    expect(layer.feature(0).properties).toEqual(tags);
    expect(layer.feature(1).properties).toEqual({ text: 'Zürich', whole: '42' });
  });
});
