import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { buildingStoreys } from '../../server/services/reports/buildingStoreys';
import { DXF_LAYERS } from '../../server/services/reports/dxf/lv95Drawing';
import { writeParcelDxf } from '../../server/services/reports/dxf/writeParcelDxf';
import { writeParcelIfc } from '../../server/services/reports/ifc/writeParcelIfc';
import { loadReportSubject, type ReportSubject } from '../../server/services/reports/ReportSubject';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { buildTestDataset } from './helpers/buildTestDataset';

/** The fixed point altitude the test gives the parcel's nearest fixed point (LN02, metres). */
const ALTITUDE = 432.417;

let dir: string;
let db: Database;
let subject: ReportSubject;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-exports-'));
  db = openDatabase(path.join(dir, 'test.sqlite'));
  buildTestDataset(db);
  const { parcels, priceLevels } = createSqliteStores(db);
  const sources = { parcels, priceLevels };
  const ids = db
    .prepare(`SELECT prc_id FROM parcels WHERE obj_count >= 2 AND ind = 'Standard' ORDER BY id`)
    .pluck()
    .all() as string[];
  const loaded = (await Promise.all(ids.map(async (id) => (await loadReportSubject(sources, id))!))).find(
    (s) => (s.parcel.FIXPOINTS ?? []).length > 0,
  )!;
  // The dataset's fixed points carry no heights; the survey's height fixed points do.
  const points = [...loaded.parcel.FIXPOINTS!].sort((a, b) => a.FIX_DTP - b.FIX_DTP);
  subject = {
    ...loaded,
    parcel: {
      ...loaded.parcel,
      FIXPOINTS: points.map((p, i) => (i === 0 ? { ...p, FIX_ALT: ALTITUDE } : p)),
    },
  };
}, 120_000);

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const EZDXF_READER = `
import json, sys, ezdxf
from ezdxf.math import Vec2
doc = ezdxf.readfile(sys.argv[1])
auditor = doc.audit()
msp = doc.modelspace()
def inside(point, ring):
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit
parcel = [list(p)[:2] for p in msp.query('LWPOLYLINE[layer=="${DXF_LAYERS.parcel.name}"]')[0].get_points('xy')]
texts = [{'layer': t.dxf.layer, 'text': t.dxf.text, 'at': list(t.dxf.align_point)[:2] if t.dxf.hasattr('align_point') else list(t.dxf.insert)[:2]} for t in msp.query('TEXT')]
print(json.dumps({
  'errors': len(auditor.errors),
  'layers': sorted(layer.dxf.name for layer in doc.layers),
  'parcel': parcel,
  'numberInside': [inside(t['at'], parcel) for t in texts if t['layer'] == '${DXF_LAYERS.parcelNumbers.name}' and t['text'] == sys.argv[2]],
  'buildings': [{'layer': e.dxf.layer, 'elevation': e.dxf.elevation, 'thickness': e.dxf.thickness} for e in msp.query('LWPOLYLINE') if e.dxf.layer.startswith('02-')],
  'points': [list(p.dxf.location) for p in msp.query('POINT')],
}))
`;

describe('the DXF export, read back by ezdxf and GDAL', () => {
  it('has the DXF-Geobau layers, the parcel number inside the parcel, building heights and fixed point heights', () => {
    const file = path.join(dir, 'parcel.dxf');
    fs.writeFileSync(file, writeParcelDxf(subject));
    const ezdxf = spawnSync('/usr/bin/python3', ['-c', EZDXF_READER, file, subject.parcel.PRC_NO], {
      encoding: 'utf8',
    });
    expect(ezdxf.stderr).toBe('');
    const read = JSON.parse(ezdxf.stdout) as {
      errors: number;
      layers: string[];
      parcel: [number, number][];
      numberInside: boolean[];
      buildings: { layer: string; elevation: number; thickness: number }[];
      points: [number, number, number][];
    };
    expect(read.errors).toBe(0);
    for (const layer of Object.values(DXF_LAYERS)) expect(read.layers).toContain(layer.name);
    expect(read.numberInside).toEqual([true]);
    // Coordinates exactly as the dataset gives them: no rounding on the way out.
    const ring = subject.surroundings.parcel.rings[0];
    expect(read.parcel).toEqual(
      ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]
        ? ring.slice(0, -1)
        : ring,
    );
    const own = read.buildings.filter((b) => b.layer === DXF_LAYERS.buildings.name);
    expect(own.map((b) => b.thickness).sort()).toEqual(
      subject.objects.map((o) => buildingStoreys(o).height).sort(),
    );
    for (const building of read.buildings) expect(building.elevation).toBe(ALTITUDE);
    expect(read.buildings.some((b) => b.layer === DXF_LAYERS.contextBuildings.name)).toBe(true);
    const nearest = subject.parcel.FIXPOINTS!.find((p) => p.FIX_ALT === ALTITUDE)!;
    expect(read.points).toContainEqual([nearest.FIX_COO_X, nearest.FIX_COO_Y, ALTITUDE]);

    const ogr = spawnSync('ogrinfo', ['-al', '-so', '-ro', file], { encoding: 'utf8' });
    expect(ogr.status).toBe(0);
    expect(ogr.stdout).toMatch(/Feature Count: \d+/);
    expect(Number(/Feature Count: (\d+)/.exec(ogr.stdout)![1])).toBeGreaterThan(10);
    const layers = spawnSync('ogrinfo', ['-ro', '-q', '-sql', 'SELECT DISTINCT Layer FROM entities', file], {
      encoding: 'utf8',
    });
    for (const layer of Object.values(DXF_LAYERS)) expect(layers.stdout).toContain(layer.name);
  });
});

/** A STEP (ISO 10303-21) record: entity type and its attributes, parsed independently of web-ifc. */
interface StepRecord {
  type: string;
  args: StepValue[];
}
type StepValue =
  string | number | boolean | null | { ref: number } | { typed: string; value: StepValue } | StepValue[];

function parseStep(text: string): Map<number, StepRecord> {
  const records = new Map<number, StepRecord>();
  for (const [, id, type, body] of text.matchAll(/^#(\d+)=\s*([A-Z0-9_]+)\(([\s\S]*?)\);\s*$/gm)) {
    let at = 0;
    const value = (): StepValue => {
      const c = body[at];
      if (c === "'") {
        let out = '';
        at++;
        while (!(body[at] === "'" && body[at + 1] !== "'")) {
          out += body[at] === "'" ? (at++, "'") : body[at];
          at++;
        }
        at++;
        return out.replace(/\\X2\\([0-9A-F]+)\\X0\\/g, (_, hex: string) =>
          String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))),
        );
      }
      if (c === '(') {
        at++;
        const list: StepValue[] = [];
        while (body[at] !== ')') {
          list.push(value());
          if (body[at] === ',') at++;
        }
        at++;
        return list;
      }
      if (c === '#') {
        const m = /^#(\d+)/.exec(body.slice(at))!;
        at += m[0].length;
        return { ref: Number(m[1]) };
      }
      if (c === '$' || c === '*') {
        at++;
        return null;
      }
      if (c === '.') {
        const m = /^\.([A-Z_]+)\./.exec(body.slice(at))!;
        at += m[0].length;
        return m[1] === 'T' ? true : m[1] === 'F' ? false : m[1];
      }
      const typed = /^([A-Z0-9_]+)\(/.exec(body.slice(at));
      if (typed) {
        at += typed[1].length + 1;
        const inner = value();
        at++;
        return { typed: typed[1], value: inner };
      }
      const m = /^-?[0-9.E+-]+/.exec(body.slice(at))!;
      at += m[0].length;
      return Number(m[0]);
    };
    const args: StepValue[] = [];
    while (at < body.length) {
      args.push(value());
      if (body[at] === ',') at++;
    }
    records.set(Number(id), { type, args });
  }
  return records;
}

describe('the IFC export, read back by an independent STEP reader', () => {
  it('has a storey per floor, heights from the floors, the site height and the property sets', async () => {
    const model = Buffer.from(await writeParcelIfc(subject, new Date(), serverTranslator('de'))).toString(
      'latin1',
    );
    const records = parseStep(model);
    const all = (type: string) => [...records.values()].filter((r) => r.type === type);
    const ref = (value: StepValue) => records.get((value as { ref: number }).ref)!;

    const site = all('IFCSITE');
    expect(site).toHaveLength(1);
    expect(site[0].args[11]).toBe(ALTITUDE);
    expect(all('IFCMAPCONVERSION')[0].args[4]).toBe(ALTITUDE);
    const expectedStoreys = subject.objects.reduce((sum, o) => sum + buildingStoreys(o).count, 0);
    expect(all('IFCBUILDING')).toHaveLength(subject.objects.length);
    expect(all('IFCBUILDINGSTOREY')).toHaveLength(expectedStoreys);
    const heights = subject.objects.flatMap((o) => {
      const storeys = buildingStoreys(o);
      return Array.from({ length: storeys.count }, (_, i) => i * storeys.storeyHeight);
    });
    expect(
      all('IFCBUILDINGSTOREY')
        .map((s) => s.args[9])
        .sort(),
    ).toEqual(heights.sort());

    const properties = new Map<string, Map<string, StepValue>>();
    for (const set of all('IFCPROPERTYSET')) {
      const values = new Map<string, StepValue>();
      for (const item of set.args[4] as StepValue[]) {
        const property = ref(item);
        values.set(
          property.args[0] as string,
          (property.args[2] as { value: StepValue } | null)?.value ?? null,
        );
      }
      properties.set(`${set.args[2] as string}#${properties.size}`, values);
    }
    const named = (name: string) =>
      [...properties].filter(([key]) => key.startsWith(`${name}#`)).map(([, v]) => v);
    const land = named('Pset_LandRegistration')[0];
    expect(land.get('LandID')).toBe(subject.parcel.PRC_NO);
    expect(land.get('LandTitleID')).toBe(subject.parcel.PRC_ID);
    expect(named('Pset_SiteCommon')[0].get('TotalArea')).toBe(subject.parcel.PRC_SUR);
    const common = named('Pset_BuildingCommon');
    expect(common).toHaveLength(subject.objects.length);
    expect(common.map((c) => c.get('NumberOfStoreys')).sort()).toEqual(
      subject.objects.map((o) => buildingStoreys(o).count).sort(),
    );
    expect(common.map((c) => c.get('IsLandmarked')).sort()).toEqual(
      subject.objects.map((o) => o.OBJ_PRO !== 'none').sort(),
    );
    const ours = named('ParcelAtlas_Parcel')[0];
    expect(ours.get('RadonProbabilityPercent')).toBe(subject.parcel.GRN_RAD);
    for (const key of ['ZoneBasic', 'HazardFlood', 'Groundwater', 'ExistingFloorArea', 'ElevationSource'])
      expect(ours.has(key)).toBe(true);
    expect(String(ours.get('ElevationSource'))).toContain(subject.parcel.FIXPOINTS![0].FIX_NAM);
    // The storeys' volumes: one extrusion per storey, by the storey height; context buildings beside.
    const depths = all('IFCEXTRUDEDAREASOLID').map((s) => s.args[3]);
    for (const o of subject.objects) expect(depths).toContain(buildingStoreys(o).storeyHeight);
    expect(all('IFCBUILDINGELEMENTPROXY').some((p) => p.args[4] === 'ContextBuilding')).toBe(true);
  });

  it('writes a building’s dwellings where the register gives them and leaves them out where it does not (never 0)', async () => {
    const [known, ...rest] = subject.objects;
    const objects = [{ ...known, OBJ_UNI: 7 }, ...rest.map((o) => ({ ...o, OBJ_UNI: null }))];
    const model = Buffer.from(
      await writeParcelIfc({ ...subject, objects }, new Date(), serverTranslator('de')),
    ).toString('latin1');
    const records = parseStep(model);
    const buildingSets = [...records.values()].filter(
      (r) => r.type === 'IFCPROPERTYSET' && r.args[2] === 'ParcelAtlas_Building',
    );
    const dwellings = buildingSets.map((set) => {
      const property = (set.args[4] as { ref: number }[])
        .map((item) => records.get(item.ref)!)
        .find((p) => p.args[0] === 'Dwellings');
      return property ? (property.args[2] as { value: StepValue }).value : 'left out';
    });
    expect(rest.length).toBeGreaterThan(0);
    expect(dwellings.sort()).toEqual([7, ...rest.map(() => 'left out')].sort());
  });
});
