import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';
import {
  type DemoMunicipality,
  generateMunicipality,
} from '../../server/data/generator/generateMunicipality';
import { localStreets } from '../../server/data/generator/localStreets';
import { villageLots } from '../../server/data/generator/villageLots';
import type { Superblock } from '../../server/data/generator/streetGrid';
import { streetStem } from '../../server/data/catalog/streetNames';
import { RIVERS } from '../../server/data/catalog/rivers';
import { BASE_LABEL_KINDS } from '../../src/contract/MapLayers';
import { BASE_LABEL_GROUND_LAYERS, BASE_LABEL_NAME_LAYERS } from '../../src/features/layers/baseLabelLayers';
import { createRng } from '../../server/data/random';
import { lonLatToMercator, mercatorScale, mercatorToLonLat } from '../../server/geo/projection';
import { pointInArea } from '../../server/geo/ring';
import type { Point } from '../../server/geo/ring';

/** The demo data's realism: postal areas, street names, stations, merged names, rivers, old towns. */

const geography = loadSwissGeography();
const SEED = 20260101;
const noise = createDatasetNoise(SEED);
const generated = new Map<string, DemoMunicipality>();

function municipality(canton: string, name: string): DemoMunicipality {
  const key = `${canton}/${name}`;
  const cached = generated.get(key);
  if (cached) return cached;
  const input = planMunicipalities(geography, [canton], SEED, noise).find(
    (i) => i.municipality.name === name,
  );
  if (!input) throw new Error(`${key} is not in the geography`);
  const m = generateMunicipality(input);
  generated.set(key, m);
  return m;
}

const zipsOf = (m: DemoMunicipality) => new Set(m.parcels.map((p) => p.zip));
const localitiesOf = (m: DemoMunicipality) => new Set(m.parcels.map((p) => p.locality));

describe('postal areas', () => {
  it('give the large towns their several real postcodes, each to a part of the town', () => {
    expect([...zipsOf(municipality('LU', 'Luzern'))].sort()).toEqual([
      '6003',
      '6004',
      '6005',
      '6006',
      '6014',
      '6015',
    ]);
    expect([...zipsOf(municipality('LU', 'Emmen'))].sort()).toEqual(['6020', '6032']);
    expect([...zipsOf(municipality('GE', 'Genève'))].sort()).toEqual([
      '1201',
      '1202',
      '1203',
      '1204',
      '1205',
      '1206',
      '1207',
      '1208',
      '1209',
    ]);
    expect(zipsOf(municipality('TI', 'Lugano'))).toEqual(
      expect.objectContaining({ size: expect.any(Number) }),
    );
    expect([...zipsOf(municipality('TI', 'Lugano'))]).toEqual(
      expect.arrayContaining(['6900', '6962', '6963']),
    );
    expect([...zipsOf(municipality('TI', 'Bellinzona'))]).toEqual(expect.arrayContaining(['6500', '6512']));
    expect([...zipsOf(municipality('ZG', 'Zug'))].sort()).toEqual(['6300', '6317']);
    // A village with one postcode keeps it everywhere.
    expect([...zipsOf(municipality('ZG', 'Neuheim'))]).toEqual(['6345']);
  });

  it('split a town by area: each parcel in the postal area whose quarter or village is nearest', () => {
    const emmen = municipality('LU', 'Emmen');
    const at = (lon: number, lat: number) => lonLatToMercator(lon, lat);
    const emmenbruecke = at(8.278, 47.075);
    const emmenDorf = at(8.305, 47.083);
    const d = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
    for (const p of emmen.parcels) {
      const expected = d(p.centroid, emmenbruecke) < d(p.centroid, emmenDorf) ? '6020' : '6032';
      expect(p.zip).toBe(expected);
    }
    // The buildings are addressed with their parcel's postcode.
    for (const b of emmen.buildings) expect(b.OBJ_ZIP).toBe(emmen.parcels[b.parcelIndex].zip);
  });

  it('name the postal localities and quarters people search by', () => {
    expect(localitiesOf(municipality('LU', 'Emmen'))).toContain('Emmenbrücke');
    expect([...localitiesOf(municipality('LU', 'Luzern'))]).toEqual(
      expect.arrayContaining(['Luzern Littau', 'Luzern Reussbühl']),
    );
    expect(localitiesOf(municipality('GE', 'Genève'))).toContain('Genève Plainpalais');
    expect(localitiesOf(municipality('TI', 'Bellinzona'))).toContain('Giubiasco');
    expect(localitiesOf(municipality('TI', 'Lugano'))).toContain('Viganello');
    expect(localitiesOf(municipality('ZG', 'Neuheim'))).toEqual(new Set(['Neuheim']));
  });
});

describe('street names', () => {
  it('use each stem once per municipality, whatever the street kind', () => {
    for (const [canton, name] of [
      ['LU', 'Luzern'],
      ['GE', 'Genève'],
      ['TI', 'Lugano'],
      ['ZG', 'Zug'],
    ] as const) {
      const streets = municipality(canton, name).streets;
      const stems = streets.map(streetStem);
      const repeated = stems.filter((stem, i) => stems.indexOf(stem) !== i);
      expect({ name, repeated }).toEqual({ name, repeated: [] });
      expect(streets.filter((s) => / (II|III|IV|V)$/.test(s))).toEqual([]);
    }
    expect(streetStem('Lindenstrasse')).toBe(streetStem('Lindenweg'));
    expect(streetStem('Via Carlo Maderno')).toBe(streetStem('Vicolo Carlo Maderno'));
    expect(streetStem('Rue du Moulin')).toBe(streetStem('Chemin du Moulin'));
  });

  it('have no Piazza Grande outside Locarno and no station streets or stations where no train runs', () => {
    for (const name of ['Neuheim', 'Menzingen', 'Oberägeri', 'Unterägeri']) {
      const m = municipality('ZG', name);
      expect(m.streets.filter((s) => /Bahnhof/.test(s))).toEqual([]);
      expect(m.layers.filter((f) => f.sourceLayer === 'transport')).toEqual([]);
    }
    const zug = municipality('ZG', 'Zug');
    expect(zug.layers.filter((f) => f.sourceLayer === 'transport').map((f) => f.label)).toEqual([
      'Bahnhof Zug',
    ]);
    expect(municipality('TI', 'Lugano').streets).not.toContain('Piazza Grande');
  });
});

describe('municipality names', () => {
  it('name the mergers swiss-maps has no name for', () => {
    const name = (bfs: number) => geography.municipalities.find((m) => m.bfs === bfs)?.name;
    expect(name(5395)).toBe('Lema');
    expect(name(6513)).toBe('Laténa');
    expect(name(2239)).toBe('Grolley-Ponthaux');
    expect(geography.municipalities.filter((m) => /\d/.test(m.name)).map((m) => m.name)).toEqual([]);
  });
});

describe('rivers', () => {
  /** Least distance (m) from a mercator point to a river's centre line. */
  function distanceToRiver(p: Point, river: (typeof RIVERS)[number]): number {
    const k = mercatorScale(47);
    const line = river.line.map(([lon, lat]) => lonLatToMercator(lon, lat));
    let best = Infinity;
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1];
      const [bx, by] = line[i];
      const t = Math.max(
        0,
        Math.min(1, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
      );
      best = Math.min(best, Math.hypot(p[0] - ax - t * (bx - ax), p[1] - ay - t * (by - ay)));
    }
    return best / k;
  }

  it('keep their band free of parcels; only main roads cross it, as bridges', () => {
    const reuss = RIVERS.find((r) => r.name === 'Reuss') as (typeof RIVERS)[number];
    const luzern = municipality('LU', 'Luzern');
    // k at 47° is within 0.1 % of Luzern's: a vertex exactly on the band's edge may read a few cm inside.
    const inBand = (p: Point) => distanceToRiver(p, reuss) < reuss.width / 2 - 0.5;
    const wet = luzern.parcels.filter((p) => p.ind !== 'Road' && p.ring.some(inBand));
    expect(wet.map((p) => p.prcNo)).toEqual([]);
    const bridges = luzern.parcels.filter((p) => p.ind === 'Road' && p.ring.some(inBand));
    expect(bridges.length).toBeGreaterThan(2);
    expect(luzern.layers.filter((f) => f.sourceLayer === 'waterways').map((f) => f.label)).toContain('Reuss');
    const geneva = municipality('GE', 'Genève');
    const labels = new Set(geneva.layers.filter((f) => f.sourceLayer === 'waterways').map((f) => f.label));
    expect(labels).toEqual(new Set(['Rhône', 'Arve']));
  });

  it('are drawn on the map: every base-label source layer the generator writes has a map layer', () => {
    const written = new Set(
      municipality('LU', 'Luzern')
        .layers.filter((f) => f.layer === 'base-labels')
        .map((f) => f.sourceLayer),
    );
    expect(written).toContain('waterways');
    const drawn = new Set(
      [...BASE_LABEL_GROUND_LAYERS, ...BASE_LABEL_NAME_LAYERS].map((layer) =>
        'source-layer' in layer ? layer['source-layer'] : null,
      ),
    );
    for (const sourceLayer of written) {
      expect(BASE_LABEL_KINDS).toContain(sourceLayer);
      expect(drawn).toContain(sourceLayer);
    }
  });
});

describe('old towns and villages', () => {
  const superblock: Superblock = {
    index: 0,
    i: 0,
    j: 0,
    box: [0, 200, 0, 200],
    centre: [100, 100],
    urbanity: 0.9,
    cover: 'inside',
    settled: true,
    village: false,
    interior: null,
    interiorBox: [4.5, 195.5, 4.5, 195.5],
    sides: { left: 'V:0', right: 'V:1', bottom: 'H:0', top: 'H:1' },
  };

  it('lay old-town lanes row by row, not in line with the next row (no grid)', () => {
    const { roads, blocks } = localStreets(superblock, 14, () => 0, createRng(5));
    const crossLanes = roads.filter((r) => !r.horizontal);
    const rows = new Map<number, number[]>();
    for (const lane of crossLanes) rows.set(lane.from[1], [...(rows.get(lane.from[1]) ?? []), lane.from[0]]);
    const positions = [...rows.values()];
    expect(positions.length).toBe(3);
    // Each lane of a row stands clear of every lane of the next row: T-junctions, not crossings.
    for (let r = 1; r < positions.length; r++)
      for (const u of positions[r])
        expect(Math.min(...positions[r - 1].map((w) => Math.abs(w - u)))).toBeGreaterThan(3);
    expect(new Set(crossLanes.map((l) => l.street)).size).toBe(crossLanes.length);
    // Blocks of uneven length.
    const lengths = blocks.map((b) => Math.round(b.box[1] - b.box[0]));
    expect(new Set(lengths).size).toBeGreaterThan(3);
    // A residential quarter keeps its lined-up streets.
    const quarter = localStreets(superblock, 11, () => 0, createRng(5)).roads.filter((r) => !r.horizontal);
    expect(new Set(quarter.map((r) => r.from[0])).size).toBeLessThan(quarter.length);
  });

  it('line village roads with houses and leave the land behind them a field', () => {
    const { lots, field } = villageLots({ ...superblock, urbanity: 0.2 }, 11, createRng(9));
    expect(new Set(lots.map((l) => l.street))).toEqual(new Set(['V:0', 'V:1', 'H:0', 'H:1']));
    for (const lot of lots) {
      expect(lot.depth).toBeLessThanOrEqual(38);
      expect(lot.frontage).toBeGreaterThan(10);
    }
    expect(field).not.toBeNull();
  });
});

describe('villages', () => {
  it('stand along their roads: Romoos has no local streets and no ring road, its houses front the main roads', () => {
    const romoos = municipality('LU', 'Romoos');
    const streets = romoos.layers.filter((f) => f.sourceLayer === 'streets');
    expect(streets.length).toBeGreaterThan(0);
    expect(streets.filter((f) => f.cls === 'local')).toEqual([]);
    const houses = romoos.parcels.filter((p) => p.houseNo !== null);
    expect(houses.length).toBeGreaterThan(40);
    // Houses along a few roads, not around squares: the village's numbered lots front at most a handful.
    expect(new Set(houses.map((p) => p.street)).size).toBeLessThan(12);
  });
});

describe('lakefronts and survey points', () => {
  const zugersee = geography.lakes.find((lake) => lake.name === 'Zugersee');
  /** Metres from a Mercator point to the lake's outline (its generalised shore). */
  function metresToLake(point: Point, lat: number): number {
    const polygons =
      zugersee!.geometry.type === 'Polygon'
        ? [zugersee!.geometry.coordinates]
        : zugersee!.geometry.coordinates;
    let best = Infinity;
    for (const ring of polygons.flat()) {
      const shore = ring.map(([lon, lat]) => lonLatToMercator(lon, lat));
      for (let i = 1; i < shore.length; i++) {
        const [[ax, ay], [bx, by]] = [shore[i - 1], shore[i]];
        const [dx, dy] = [bx - ax, by - ay];
        const t = Math.max(
          0,
          Math.min(1, ((point[0] - ax) * dx + (point[1] - ay) * dy) / (dx * dx + dy * dy || 1)),
        );
        best = Math.min(best, Math.hypot(point[0] - ax - t * dx, point[1] - ay - t * dy));
      }
    }
    return best / mercatorScale(lat);
  }

  it('mark the parcels along the Zug lakefront with flood hazard, as the cantonal hazard map does', () => {
    expect(zugersee).toBeDefined();
    const zug = municipality('ZG', 'Zug');
    const assessed = zug.parcels.filter((p) => p.themes.HAZ_WAT !== 'not assessed');
    const onShore = assessed.filter((p) => Math.min(...p.ring.map((v) => metresToLake(v, p.lat))) < 30);
    expect(onShore.length).toBeGreaterThan(20);
    const exposed = onShore.filter((p) => ['red', 'blue'].includes(String(p.themes.HAZ_WAT)));
    expect(exposed.length / onShore.length).toBeGreaterThan(0.8);
    // Inland, away from lakes and rivers, flood hazard stays the exception.
    const inland = assessed.filter((p) => metresToLake(p.centroid, p.lat) > 1500);
    const red = inland.filter((p) => p.themes.HAZ_WAT === 'red');
    expect(red.length / inland.length).toBeLessThan(0.1);
  });

  it('stand on land: no survey point in the lake', () => {
    const zug = municipality('ZG', 'Zug');
    const points = zug.parcels.flatMap((p) =>
      p.fixPoints.map((f) => {
        const k = mercatorScale(p.lat);
        return [
          p.centroid[0] + (f.FIX_COO_X - p.lv95[0]) * k,
          p.centroid[1] + (f.FIX_COO_Y - p.lv95[1]) * k,
        ] as Point;
      }),
    );
    expect(points.length).toBeGreaterThan(1000);
    const inLake = points.filter(([x, y]) => pointInArea(...mercatorToLonLat(x, y), zugersee!.geometry));
    expect(inLake).toEqual([]);
  });
});
