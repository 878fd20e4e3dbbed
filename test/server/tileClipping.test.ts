import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { encodeGeometry } from '../../server/store/contract/parcels/geometryCodec';
import { packedRowSql, readTileFeatureBatch } from '../../server/store/contract/parcels/tileFeatureBatch';
import { tileBox } from '../../server/geo/projection';
import { TILE_BUFFER, TILE_EXTENT, writeMvt } from '../../server/services/tiles/writeMvt';
import type { Ring } from '../../server/geo/ring';
import Database from 'better-sqlite3';

const box = tileBox(14, 8575, 5773);
const unit = (box.maxX - box.minX) / TILE_EXTENT;
/** A ring given in tile units (y down), as mercator metres (y up). */
const ring = (points: [number, number][]): Ring =>
  points.map(([x, y]) => [box.minX + x * unit, box.maxY - y * unit]);

interface Parcel {
  id: number;
  rings: Ring[];
  typ?: string;
}

/** Packs parcels the way the SQLite repository does, through SQLite itself. */
function batchOf(parcels: Parcel[]) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY, prc_id TEXT, typ TEXT, geom BLOB)');
  const insert = db.prepare('INSERT INTO p VALUES (?, ?, ?, ?)');
  for (const p of parcels)
    insert.run(p.id, `CH${String(p.id).padStart(12, '0')}`, p.typ ?? 'Eigentum', encodeGeometry(p.rings));
  const packed = db
    .prepare(
      `SELECT CAST(group_concat(row, '') AS BLOB) FROM (SELECT ${packedRowSql('id', ['prc_id', 'typ'], 'geom')} AS row FROM p ORDER BY id)`,
    )
    .pluck()
    .get() as Uint8Array | null;
  db.close();
  return readTileFeatureBatch(['PRC_ID', 'PRC_TYP'], packed);
}

function render(parcels: Parcel[]) {
  const layer = new VectorTile(new Pbf(writeMvt({ around: batchOf(parcels) }, box))).layers.around;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer.feature(i));
}

/** Shoelace area in tile units of a feature's rings (exterior positive, holes negative). */
const area = (f: VectorTileFeature) =>
  f
    .loadGeometry()
    .reduce(
      (sum, r) =>
        sum +
        r.reduce((s, p, i) => s + (r[(i + 1) % r.length].x - p.x) * (r[(i + 1) % r.length].y + p.y), 0) / 2,
      0,
    );

describe('vector tile geometry', () => {
  it('clips parcels reaching far past the tile to the tile buffer, so MapLibre never sees out-of-extent geometry', () => {
    const huge = {
      id: 1,
      rings: [
        ring([
          [-20000, -20000],
          [30000, -20000],
          [30000, 30000],
          [-20000, 30000],
        ]),
      ],
    };
    const [feature] = render([huge]);
    const points = feature.loadGeometry().flat();
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(-TILE_BUFFER);
      expect(p.x).toBeLessThanOrEqual(TILE_EXTENT + TILE_BUFFER);
      expect(p.y).toBeGreaterThanOrEqual(-TILE_BUFFER);
      expect(p.y).toBeLessThanOrEqual(TILE_EXTENT + TILE_BUFFER);
    }
    // Still covers the whole buffered tile.
    expect(Math.abs(area(feature))).toBe((TILE_EXTENT + 2 * TILE_BUFFER) ** 2);
  });

  it('keeps parcels inside the tile exactly, with their holes, attributes (UTF-8 too) and ids', () => {
    const withHole = {
      id: 7,
      typ: 'Bâtiment protégé',
      rings: [
        ring([
          [100, 100],
          [300, 100],
          [300, 300],
          [100, 300],
        ]),
        ring([
          [150, 150],
          [150, 250],
          [250, 250],
          [250, 150],
        ]),
      ],
    };
    const [feature] = render([withHole]);
    expect(feature.id).toBe(7);
    expect(feature.properties).toEqual({ PRC_ID: 'CH000000000007', PRC_TYP: 'Bâtiment protégé' });
    const [outer, hole] = feature.loadGeometry();
    expect(outer.map((p) => [p.x, p.y])).toEqual([
      [100, 100],
      [300, 100],
      [300, 300],
      [100, 300],
      [100, 100],
    ]);
    expect(hole).toHaveLength(5);
    expect(Math.abs(area(feature))).toBe(200 * 200 - 100 * 100);
  });

  it('cuts a parcel crossing the tile edge at the buffer line', () => {
    const [feature] = render([
      {
        id: 2,
        rings: [
          ring([
            [4000, 100],
            [5000, 100],
            [5000, 300],
            [4000, 300],
          ]),
        ],
      },
    ]);
    expect(Math.abs(area(feature))).toBe((TILE_EXTENT + TILE_BUFFER - 4000) * 200);
  });

  it('leaves out parcels whose shape lies wholly outside the buffered tile and keeps the others', () => {
    const outside = {
      id: 3,
      rings: [
        ring([
          [5000, 100],
          [6000, 100],
          [6000, 300],
          [5000, 300],
        ]),
      ],
    };
    const inside = {
      id: 4,
      rings: [
        ring([
          [10, 10],
          [20, 10],
          [20, 20],
          [10, 20],
        ]),
      ],
    };
    expect(render([outside, inside]).map((f) => f.id)).toEqual([4]);
    expect(render([outside])).toEqual([]);
  });

  it('merges points closer than one tile unit and drops parcels that collapse to nothing', () => {
    const tiny = {
      id: 5,
      rings: [
        ring([
          [10, 10],
          [10.2, 10],
          [10.2, 10.2],
          [10, 10.2],
        ]),
      ],
    };
    const jagged = {
      id: 6,
      rings: [
        ring([
          [10, 10],
          [10.1, 10.1],
          [50, 10],
          [50, 50],
          [10, 50],
        ]),
      ],
    };
    const features = render([tiny, jagged]);
    expect(features.map((f) => f.id)).toEqual([6]);
    expect(features[0].loadGeometry()[0]).toHaveLength(5);
  });
});
