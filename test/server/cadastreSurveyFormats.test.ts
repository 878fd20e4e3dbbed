import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { unzipSync, zipSync } from 'fflate';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { SHORE_TOLERANCE_METRES } from '../../server/data/cadastre/importCadastre';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { createSqliteBuildingsWriter } from '../../server/store/sqlite/parcels/createSqliteBuildingsWriter';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { pointInArea } from '../../server/geo/ring';
import { lv95ToLonLat } from '../../server/geo/projection';
import type { ParcelFullResponse } from '../../src/contract/Parcel';
import { uploadCadastreFile } from './helpers/uploadCadastreFile';
import { ogr2ogr, type OgrRow as Row } from '../helpers/ogr2ogrFiles';

/**
 * The importer on files written by GDAL's ogr2ogr (installed by the test command, scripts/test.mjs) in the
 * shapes the cantons publish: DM.01-AV-CH and MOpublic layers, arcs, Shapefiles, cut files, shore parcels.
 */

let t: TestApp;
let db: Database;
let user: { authorization: string };
let admin: { authorization: string };

const BAAR = 1701;
const CHAM = 1702;
/** Around Baar's town hall (LV95): away from the lots of the other importer tests. */
const E = 2_682_700;
const N = 1_227_500;

const file = (name: string) => path.join(t.dataDir, name);
const count = (sql: string, ...params: (string | number)[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
/** Everything an import may change, to prove a refused file changed nothing. */
const snapshot = () => ({
  parcels: count('SELECT COUNT(*) FROM parcels'),
  official: count("SELECT COUNT(*) FROM parcels WHERE origin = 'official'"),
  meta: db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get(),
  ids: db.prepare('SELECT group_concat(prc_id) FROM (SELECT prc_id FROM parcels ORDER BY id)').pluck().get(),
});

const rectangle = (e: number, n: number, w: number, h: number) =>
  `POLYGON ((${e} ${n},${e + w} ${n},${e + w} ${n + h},${e} ${n + h},${e} ${n}))`;

async function detail(egrid: string): Promise<ParcelFullResponse['feature']> {
  const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${egrid}/objects-full`, headers: user });
  expect(res.statusCode).toBe(200);
  return (res.json() as ParcelFullResponse).feature;
}

function upload(name: string, { langcode = 'en', mapping }: { langcode?: string; mapping?: string } = {}) {
  return uploadCadastreFile(t.app, { ...admin, langcode }, file(name), mapping);
}

const importFile = (name: string, mappingJson?: string) =>
  importCadastreFile({
    writer: createSqliteCadastreWriter(db),
    buildings: createSqliteBuildingsWriter(db),
    file: file(name),
    mappingJson,
  });

beforeAll(async () => {
  t = await createTestApp({ CADASTRE_MAX_UPLOAD_MB: '1' });
  db = t.db;
  buildTestDataset(db);
  user = (await signIn(t.app)).headers;
  admin = (await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'survey-admin@atlas.test' })).headers;
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => t.close());

describe('survey layers by their model names, with arcs', () => {
  /** The arc of lot 301: from (E, N) through (E + 20, N − 5) to (E + 40, N): radius 42.5 m round (E + 20, N + 37.5). */
  const centre = [E + 20, N + 37.5];
  const radius = 42.5;

  beforeAll(() => {
    const gpkg = file('dm01.gpkg');
    // The land cover first, so the parcel layer is not the file's only (or first) table.
    ogr2ogr(
      gpkg,
      [{ WKT: rectangle(E + 5, N + 5, 12, 10), Art: 'Gebaeude', GWR_EGID: 190_000_001 }],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung'],
    );
    ogr2ogr(
      gpkg,
      [
        {
          WKT:
            `CURVEPOLYGON Z (COMPOUNDCURVE Z (CIRCULARSTRING Z (${E} ${N} 431.2,${E + 20} ${N - 5} 431.2,${E + 40} ${N} 431.2),` +
            `(${E + 40} ${N} 431.2,${E + 40} ${N + 30} 431.2,${E} ${N + 30} 431.2,${E} ${N} 431.2)))`,
          NBIdent: 'ZG0200001701',
          Nummer: '301',
          EGRIS_EGRID: 'CH170100000021',
          Flaechenmass: 1340,
          BFSNr: BAAR,
          Art: 'Liegenschaft',
        },
        {
          WKT: `MULTISURFACE Z (CURVEPOLYGON Z ((${E + 50} ${N} 431,${E + 80} ${N} 431,${E + 80} ${N + 30} 431,${E + 50} ${N + 30} 431,${E + 50} ${N} 431)))`,
          NBIdent: 'ZG0200001701',
          Nummer: '302',
          EGRIS_EGRID: 'CH170100000022',
          Flaechenmass: 900,
          BFSNr: BAAR,
          Art: 'SelbstRecht.Baurecht',
        },
      ],
      [
        '-f',
        'GPKG',
        '-update',
        '-a_srs',
        'EPSG:2056',
        '-nln',
        'Liegenschaft',
        '-nlt',
        'GEOMETRY',
        '-dim',
        'XYZ',
      ],
    );
  });

  it('imports the DM.01 layer Liegenschaft beside Bodenbedeckung, with the arc stroked within 1 cm', async () => {
    const result = await importFile('dm01.gpkg');
    expect(result).toMatchObject({
      parcels: 2,
      crs: 'EPSG:2056',
      // The land cover's building comes in too, onto the parcel just imported (ADR 045).
      municipalities: [{ bfs: BAAR, parcels: 2, buildings: 1 }],
      buildings: {
        imported: 1,
        matchedByEgid: 0,
        matchedByPosition: 0,
        registerUnmatched: 0,
        withoutParcel: 0,
      },
    });
    const lot = await detail('CH170100000021');
    expect(lot).toMatchObject({ PRC_NO: '301', PRC_SUR: 1340, PRC_SRC: 'official', PRC_TYP: 'Eigentum' });
    const ring = (lot.geometryLv95?.coordinates as number[][][])[0];
    const onArc = ring.filter(([, n]) => n < N - 0.0005);
    // 5 mm chords on a 42.5 m radius through 56°: some thirty vertices, each on the circle.
    expect(onArc.length).toBeGreaterThan(20);
    for (const [e, n] of onArc)
      expect(Math.abs(Math.hypot(e - centre[0], n - centre[1]) - radius)).toBeLessThan(0.01);
    // Between vertices the chord stays within 1 cm of the arc (the sagitta at its middle).
    const arc = [[E, N], ...onArc.sort((a, b) => a[0] - b[0]), [E + 40, N]];
    for (let i = 1; i < arc.length; i++) {
      const middle = [(arc[i - 1][0] + arc[i][0]) / 2, (arc[i - 1][1] + arc[i][1]) / 2];
      expect(radius - Math.hypot(middle[0] - centre[0], middle[1] - centre[1])).toBeLessThan(0.01);
    }
    // The surveyed corners come back as given, to the millimetre.
    expect(ring).toEqual(
      expect.arrayContaining([
        [E, N],
        [E + 40, N],
        [E + 40, N + 30],
        [E, N + 30],
      ]),
    );
    expect(await detail('CH170100000022')).toMatchObject({
      PRC_NO: '302',
      PRC_TYP: 'Baurecht',
      PRC_SUR: 900,
    });
  });

  it('imports the MOpublic layer resf in its French spelling (Numero, MesureSurface, NumOFS)', async () => {
    ogr2ogr(
      file('mopublic.gpkg'),
      [
        {
          WKT: rectangle(2_677_600, 1_226_900, 30, 30),
          IdentDN: 'ZG0200001702',
          Numero: '77',
          EGRIS_EGRID: 'CH170200000077',
          MesureSurface: 901,
          NumOFS: CHAM,
          Genre: 'bien_fonds',
        },
      ],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'resf'],
    );
    const result = await importFile('mopublic.gpkg');
    expect(result).toMatchObject({ parcels: 1, municipalities: [{ bfs: CHAM, name: 'Cham' }] });
    expect(await detail('CH170200000077')).toMatchObject({ PRC_NO: '77', PRC_SUR: 901, LOCNAME: 'Cham' });
  });

  it('refuses a file of only the land cover without buildings, in the admin’s language, and changes nothing', async () => {
    // A file of only the land cover imports its buildings (test/server/landCoverBuildings.test.ts); one
    // without buildings is refused.
    ogr2ogr(
      file('landcover.gpkg'),
      [{ WKT: rectangle(E, N, 10, 10), Art: 'Wasserbecken' }],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung'],
    );
    const before = snapshot();
    await expect(importFile('landcover.gpkg')).rejects.toThrow(
      'The land-cover layer "Bodenbedeckung" holds no buildings (no surface of the kind Gebaeude, batiment, edificio or building)',
    );
    const res = await upload('landcover.gpkg', { langcode: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Nichts importiert. Die Bodenbedeckungsebene «Bodenbedeckung» enthält keine Gebäude (keine Fläche der Art Gebaeude, batiment, edificio oder building)',
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('Shapefiles', () => {
  const lots = (e: number, n: number): Row[] => [
    {
      WKT: rectangle(e + 0.217, n + 0.829, 30, 30),
      EGRIS_EGRID: 'CH170100000031',
      Nummer: '401',
      BFSNr: BAAR,
      Strasse: 'Zürcherstrasse',
      Hausnr: '5a',
    },
    {
      WKT: rectangle(e + 30.217, n + 0.829, 30, 30),
      EGRIS_EGRID: 'CH170100000032',
      Nummer: '402',
      BFSNr: BAAR,
      Strasse: 'Äussere Dorfstrasse',
      Hausnr: '12',
    },
  ];
  const mapping = JSON.stringify({
    egrid: 'EGRIS_EGRI',
    number: 'Nummer',
    municipality: 'BFSNr',
    street: 'Strasse',
    houseNumber: 'Hausnr',
  });

  it('imports a zipped LV95 Shapefile (UTF-8 .cpg) uploaded by an admin: millimetres and umlauts kept', async () => {
    ogr2ogr(file('baar.shp.zip'), lots(E, N + 200), [
      '-f',
      'ESRI Shapefile',
      '-a_srs',
      'EPSG:2056',
      '-lco',
      'ENCODING=UTF-8',
      '-nln',
      'liegenschaften',
    ]);
    expect(Object.keys(unzipSync(fs.readFileSync(file('baar.shp.zip'))))).toEqual(
      expect.arrayContaining([
        'liegenschaften.shp',
        'liegenschaften.dbf',
        'liegenschaften.prj',
        'liegenschaften.cpg',
      ]),
    );
    const res = await upload('baar.shp.zip', { mapping });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ parcels: 2, municipalities: [{ bfs: BAAR }] });
    const lot = await detail('CH170100000031');
    expect(lot.STREET_ADDRESS).toContain('Zürcherstrasse 5a');
    expect((lot.geometryLv95?.coordinates as number[][][])[0]).toContainEqual([E + 0.217, N + 200.829]);
    expect((await detail('CH170100000032')).STREET_ADDRESS).toContain('Äussere Dorfstrasse 12');
  });

  it('reads a Latin-1 Shapefile by its .shp path, and GDAL’s default (no .cpg, ANSI code page)', async () => {
    const dir = file('latin');
    fs.mkdirSync(dir);
    ogr2ogr(path.join(dir, 'latin.shp'), lots(E, N + 300), [
      '-f',
      'ESRI Shapefile',
      '-a_srs',
      'EPSG:2056',
      '-lco',
      'ENCODING=ISO-8859-1',
    ]);
    expect(fs.readFileSync(path.join(dir, 'latin.cpg'), 'utf8')).toBe('ISO-8859-1');
    await importCadastreFile({
      writer: createSqliteCadastreWriter(db),
      file: path.join(dir, 'latin.shp'),
      mappingJson: mapping,
    });
    expect((await detail('CH170100000031')).STREET_ADDRESS).toContain('Zürcherstrasse 5a');
    ogr2ogr(file('ansi.shp.zip'), lots(E, N + 400), ['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:2056']);
    expect(Object.keys(unzipSync(fs.readFileSync(file('ansi.shp.zip'))))).not.toContain('ansi.cpg');
    await importFile('ansi.shp.zip', mapping);
    expect((await detail('CH170100000032')).STREET_ADDRESS).toContain('Äussere Dorfstrasse 12');
  });

  it('refuses an LV03 Shapefile by its .prj, a cut zip, a zip without .dbf, a lone .shp and a cut .shp; nothing changes', async () => {
    const before = snapshot();
    ogr2ogr(file('lv03.shp.zip'), lots(E, N + 500), [
      '-f',
      'ESRI Shapefile',
      '-s_srs',
      'EPSG:2056',
      '-t_srs',
      'EPSG:21781',
    ]);
    await expect(importFile('lv03.shp.zip', mapping)).rejects.toThrow(
      'The file is in the old Swiss coordinates LV03 (EPSG:21781)',
    );
    const whole = fs.readFileSync(file('baar.shp.zip'));
    fs.writeFileSync(file('cut.zip'), whole.subarray(0, Math.floor(whole.length / 2)));
    const cut = await upload('cut.zip', { langcode: 'fr', mapping });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(
      'Rien n’a été importé. L’archive zip est incomplète ou endommagée : la table des matières à la fin manque (téléchargement ou copie interrompu ?)',
    );
    const entries = unzipSync(whole);
    const { 'liegenschaften.dbf': dbf, ...withoutDbf } = entries;
    expect(dbf).toBeDefined();
    fs.writeFileSync(file('nodbf.zip'), zipSync(withoutDbf));
    await expect(importFile('nodbf.zip', mapping)).rejects.toThrow(
      'The Shapefile "liegenschaften" has no .dbf file with its attributes',
    );
    fs.writeFileSync(file('alone.shp'), entries['liegenschaften.shp']);
    const alone = await upload('alone.shp', { langcode: 'it', mapping });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe(
      'Nulla è stato importato. Uno Shapefile ha bisogno del suo file .dbf accanto al .shp (e dei suoi file .prj e .cpg): li carichi insieme in un file zip',
    );
    const shp = entries['liegenschaften.shp'];
    fs.writeFileSync(
      file('cutshp.zip'),
      zipSync({ ...entries, 'liegenschaften.shp': shp.subarray(0, shp.length - 40) }),
    );
    await expect(importFile('cutshp.zip', mapping)).rejects.toThrow(
      `The Shapefile "liegenschaften" is incomplete or damaged: its .shp holds ${shp.length - 40} of the ${shp.length} bytes its header announces`,
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('cut files, answered in the admin’s language', () => {
  it('a GeoPackage cut in half is incomplete, not "not an SQLite database"; a cut GeoJSON likewise', async () => {
    ogr2ogr(
      file('whole.gpkg'),
      [{ WKT: rectangle(E, N + 600, 30, 30), EGRIS_EGRID: 'CH170100000041', Nummer: '501', BFSNr: BAAR }],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaften'],
    );
    const whole = fs.readFileSync(file('whole.gpkg'));
    fs.writeFileSync(file('half.gpkg'), whole.subarray(0, whole.length / 2));
    const before = snapshot();
    const german = await upload('half.gpkg', { langcode: 'de' });
    expect(german.statusCode).toBe(400);
    expect(german.json().message).toMatch(
      /^Nichts importiert\. Die GeoPackage-Datei ist unvollständig oder beschädigt: Sie enthält [\d.’']+ der [\d.’']+ Bytes, die ihr Dateikopf angibt/,
    );
    const english = await upload('half.gpkg');
    expect(english.json().message).toBe(
      `Nothing imported. The GeoPackage file is incomplete or damaged: it holds ${(whole.length / 2).toLocaleString('en')} of the ${whole.length.toLocaleString('en')} bytes its header announces (an interrupted download or copy?)`,
    );
    ogr2ogr(
      file('whole.geojson'),
      [{ WKT: rectangle(E, N + 600, 30, 30), EGRIS_EGRID: 'CH170100000041', Nummer: '501', BFSNr: BAAR }],
      ['-f', 'GeoJSON', '-a_srs', 'EPSG:2056', '-lco', 'RFC7946=NO'],
    );
    const json = fs.readFileSync(file('whole.geojson'));
    fs.writeFileSync(file('half.geojson'), json.subarray(0, Math.floor(json.length * 0.6)));
    const italian = await upload('half.geojson', { langcode: 'it' });
    expect(italian.json().message).toBe(
      'Nulla è stato importato. Il file GeoJSON è incompleto o danneggiato: termina a metà della FeatureCollection (download o copia interrotti?)',
    );
    expect(snapshot()).toEqual(before);
  });

  it('refuses an upload larger than CADASTRE_MAX_UPLOAD_MB while it arrives, with 413 and the limit', async () => {
    fs.writeFileSync(file('big.geojson'), Buffer.alloc(1024 * 1024 + 10, 0x20));
    const res = await upload('big.geojson', { langcode: 'de' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'Die Datei ist grösser als 1 MB, das Maximum für einen Import (CADASTRE_MAX_UPLOAD_MB)',
    );
  });
});

describe('shore parcels without a municipality column', () => {
  /** A vertex of Cham's generalised outline with the Zugersee south of it (checked below). */
  const SHORE = [2_677_657, 1_226_038];
  const geography = loadSwissGeography();
  const lake = geography.lakes.find((l) => l.name === 'Zugersee');
  const municipalityAt = (e: number, n: number) => {
    const [lon, lat] = lv95ToLonLat(e, n);
    return geography.municipalities.find((m) => pointInArea(lon, lat, m.geometry))?.bfs ?? null;
  };
  const inLake = (e: number, n: number) => pointInArea(...lv95ToLonLat(e, n), lake!.geometry);
  const mapping = JSON.stringify({ egrid: 'EGRIS_EGRID', number: 'Nummer' });
  const [e0, n0] = SHORE;

  it('places a lot across the coarse shoreline, and one the outline leaves in the water, in Cham', async () => {
    // Lot 1 reaches 60 m inland and 100 m out: its centre lies in the generalised lake.
    expect(municipalityAt(e0, n0 - 20)).toBeNull();
    expect(inLake(e0, n0 - 20)).toBe(true);
    expect(municipalityAt(e0, n0 + 50)).toBe(CHAM);
    // Lot 2 lies wholly in the generalised lake, 120 m off its outline.
    expect([municipalityAt(e0, n0 - 120), municipalityAt(e0 + 30, n0 - 160)]).toEqual([null, null]);
    ogr2ogr(
      file('shore.gpkg'),
      [
        { WKT: rectangle(e0 - 20, n0 - 100, 40, 160), EGRIS_EGRID: 'CH170200000901', Nummer: '901' },
        { WKT: rectangle(e0, n0 - 160, 30, 40), EGRIS_EGRID: 'CH170200000902', Nummer: '902' },
      ],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaften'],
    );
    const result = await importFile('shore.gpkg', mapping);
    expect(result).toMatchObject({ parcels: 2, municipalities: [{ bfs: CHAM, parcels: 2 }] });
    expect((await detail('CH170200000902')).LOCNAME).toBe('Cham');
  });

  it(`refuses a lot farther than ${SHORE_TOLERANCE_METRES} m out in the lake, naming the tolerance`, async () => {
    expect(inLake(e0, n0 - 1500)).toBe(true);
    ogr2ogr(
      file('lake.gpkg'),
      [{ WKT: rectangle(e0, n0 - 1500, 30, 30), EGRIS_EGRID: 'CH170200000903', Nummer: '903' }],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaften'],
    );
    const before = snapshot();
    await expect(importFile('lake.gpkg', mapping)).rejects.toThrow(
      `Liegenschaften fid 1: lies in no Swiss municipality, nor within ${SHORE_TOLERANCE_METRES} m of one (give a municipality column)`,
    );
    expect(snapshot()).toEqual(before);
  });
});
