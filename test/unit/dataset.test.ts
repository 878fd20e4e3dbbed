import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { CANTONS } from '../../server/geo/cantons';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';
import { generateMunicipality } from '../../server/data/generator/generateMunicipality';
import { encodeGeometry, decodeGeometry } from '../../server/store/contract/parcels/geometryCodec';
import { egrid } from '../../server/data/generator/generateMunicipality';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { datasetNeedsBuild } from '../../server/data/ensureDataset';
import { DATASET_GENERATOR_VERSION } from '../../server/data/buildDataset';
import type { DatasetInfo } from '../../server/store/contract/parcels/DatasetWriter';
import { packMunicipality } from '../../server/store/contract/parcels/municipalityRows';

const zug = (seed: number) =>
  planMunicipalities(loadSwissGeography(), ['ZG'], seed, createDatasetNoise(seed), {
    maxMunicipalities: 1,
    maxParcelsPerMunicipality: 300,
  })[0];

describe('Swiss geography', () => {
  it('has 26 cantons with their real ÖREB portals, municipalities with names and BFS numbers, and lakes', () => {
    const geo = loadSwissGeography();
    expect(geo.cantons).toHaveLength(26);
    expect(CANTONS.map((c) => c.code)).toHaveLength(26);
    expect(CANTONS.every((c) => c.urlOREB.startsWith('https://'))).toBe(true);
    expect(geo.municipalities.length).toBeGreaterThan(2000);
    expect(geo.municipalities.find((m) => m.bfs === 1711)).toMatchObject({ name: 'Zug', cantonCode: 'ZG' });
    expect(geo.lakes.map((l) => l.name)).toContain('Zugersee');
    expect(geo.attribution).toMatch(/BFS/);
  });
});

describe('dataset generator', () => {
  it('is deterministic from the seed, and another seed gives another dataset', () => {
    const a = generateMunicipality(zug(1));
    const b = generateMunicipality(zug(1));
    const c = generateMunicipality(zug(2));
    expect(b.parcels.map((p) => [p.prcId, p.sur, p.street, p.houseNo])).toEqual(
      a.parcels.map((p) => [p.prcId, p.sur, p.street, p.houseNo]),
    );
    expect(c.parcels.map((p) => p.sur)).not.toEqual(a.parcels.map((p) => p.sur));
  });

  it('produces register-shaped parcels and buildings', () => {
    const m = generateMunicipality(zug(1));
    expect(m.name).toBe('Baar');
    expect(m.parcels.length).toBeGreaterThan(250);
    expect(new Set(m.parcels.map((p) => p.prcId)).size).toBe(m.parcels.length);
    for (const p of m.parcels) {
      expect(p.prcId).toMatch(/^CH\d{12}$/);
      expect(p.sur).toBeGreaterThan(0);
      expect(p.lv95[0]).toBeGreaterThan(2_480_000);
      expect(p.lv95[1]).toBeLessThan(1_300_000);
      expect(['Eigentum', 'Baurecht']).toContain(p.typ);
      expect(p.grnRad).toBeGreaterThanOrEqual(0);
    }
    expect(m.parcels.some((p) => p.ind === 'Road')).toBe(true);
    expect(m.parcels.some((p) => p.houseNo !== null)).toBe(true);
    expect(m.buildings.length).toBeGreaterThan(0);
    for (const b of m.buildings) {
      expect(b.OBJ_SUR).toBeGreaterThan(0);
      expect(b.OBJ_POB).toMatch(/\d{4}/);
    }
  });

  it("states a parcel's heritage facts from its buildings: national and cantonal protection and protected objects agree", () => {
    const seed = 1;
    const noise = createDatasetNoise(seed);
    // Old-town cores of a few cantons, where protected buildings are frequent.
    const inputs = planMunicipalities(loadSwissGeography(), ['ZG', 'BE', 'GE'], seed, noise, {
      maxMunicipalities: 2,
      maxParcelsPerMunicipality: 1500,
    });
    let nationalBuildings = 0;
    const disagreements: string[] = [];
    for (const m of inputs.map(generateMunicipality)) {
      m.parcels.forEach((p, index) => {
        const levels = m.buildings.filter((b) => b.parcelIndex === index).map((b) => b.OBJ_PRO);
        const types = m.buildings.filter((b) => b.parcelIndex === index).map((b) => b.OBJ_TYP);
        const national = levels.includes('national');
        nationalBuildings += levels.filter((level) => level === 'national').length;
        const facts = {
          national: p.themes.PRO_BUN !== 'none',
          filter: p.proBun,
          cantonal: p.themes.PRO_BUC !== 'none',
          objects: types.includes('protected_object') ? p.themes.PRO_OOB !== 'none' : true,
        };
        const expected = { national, filter: national, cantonal: levels.includes('cantonal'), objects: true };
        if (JSON.stringify(facts) !== JSON.stringify(expected))
          disagreements.push(
            `${m.name} ${p.prcNo}: ${JSON.stringify(facts)} with buildings ${levels.join('/')}`,
          );
      });
    }
    expect(nationalBuildings).toBeGreaterThan(0);
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it('numbers houses odd on one side and even on the other of each street', () => {
    const m = generateMunicipality(zug(1));
    const numbers = m.parcels.filter((p) => p.houseNo).map((p) => Number(p.houseNo));
    expect(numbers.some((n) => n % 2 === 1)).toBe(true);
    expect(numbers.some((n) => n % 2 === 0)).toBe(true);
  });
});

describe('storage helpers', () => {
  it('round-trips geometry through the compact binary codec at decimetre precision', () => {
    const ring: [number, number][] = [
      [949123.44, 6000123.1],
      [949200.1, 6000100.96],
      [949150, 6000200],
    ];
    const encoded = encodeGeometry([ring]);
    expect(encoded.length).toBeLessThan(24);
    const [decoded] = decodeGeometry(encoded);
    decoded.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(ring[i][0], 1);
      expect(p[1]).toBeCloseTo(ring[i][1], 1);
    });
  });

  it('gives distinct EGRIDs for distinct parcels', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5000; i++) ids.add(egrid(1711, i));
    expect(ids.size).toBe(5000);
  });

  it('empties an interrupted build (parcels and their text index) so it can be rebuilt', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dataset-clear-'));
    const db = openDatabase(path.join(dir, 't.sqlite'));
    const writer = createSqliteDatasetWriter(db);
    writer.writeMunicipality(packMunicipality(generateMunicipality(zug(1))));
    const count = () => db.prepare('SELECT count(*) FROM parcels').pluck().get();
    const textHits = () =>
      db.prepare("SELECT count(*) FROM parcels_fts WHERE parcels_fts MATCH 'baar'").pluck().get();
    expect(count()).toBeGreaterThan(0);
    expect(textHits()).toBeGreaterThan(0);
    writer.clear();
    expect(count()).toBe(0);
    expect(textHits()).toBe(0);
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('dataset generator versions', () => {
  const info = (generator?: number): DatasetInfo => ({
    generator,
    seed: 1,
    cantons: ['ZG'],
    parcels: 1,
    buildings: 0,
    builtAt: '2026-11-23T00:00:00.000Z',
    buildSeconds: 1,
  });

  it('builds when there is no dataset, or one made by another (or an unversioned) generator', () => {
    expect(datasetNeedsBuild(null)).toBe(true);
    expect(datasetNeedsBuild(info(undefined))).toBe(true);
    expect(datasetNeedsBuild(info(DATASET_GENERATOR_VERSION - 1))).toBe(true);
    expect(datasetNeedsBuild(info(DATASET_GENERATOR_VERSION))).toBe(false);
  });
});
