import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  readGwrExtract,
  splitCsvLine,
  type RegisterBuilding,
} from '../../server/data/cadastre/buildings/readGwrExtract';
import { buildingFacts } from '../../server/data/cadastre/buildings/registerFacts';
import { isBuildingKind } from '../../server/data/cadastre/buildings/LandCoverMapping';

const row = (facts: Partial<RegisterBuilding>): RegisterBuilding => ({
  line: 2,
  egid: '1',
  e: null,
  n: null,
  category: null,
  year: null,
  period: null,
  storeys: null,
  area: null,
  volume: null,
  dwellings: null,
  ...facts,
});

describe('the buildings register extract and its facts (ADR 045)', () => {
  it('splits quoted values, doubled quotes and empty values', () => {
    expect(splitCsvLine('1;"Bahnhofstrasse; 5";"say ""hi""";;', ';')).toEqual([
      '1',
      'Bahnhofstrasse; 5',
      'say "hi"',
      '',
      '',
    ]);
  });

  it('reads a tab-separated extract with a byte-order mark, CRLF lines and columns in any order', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gwr-')), 'gwr.tsv');
    fs.writeFileSync(
      file,
      '\uFEFFGKAT\tEGID\tGBAUJ\tGASTW\r\n1030\t00190012345\t1899\t5\r\n\r\n1060\tx\t\t\r\n',
    );
    const rows = [];
    for await (const r of readGwrExtract(file)) rows.push(r);
    // The row whose EGID is not a number is skipped; leading zeros go.
    expect(rows).toEqual([
      expect.objectContaining({ egid: '190012345', category: 1030, year: 1899, storeys: 5, e: null }),
    ]);
  });

  it('maps the register onto the demo buildings’ fields: period from GBAUP, else from the year', () => {
    expect(buildingFacts(100, row({ period: 8012, year: 1930, storeys: 3, category: 1020 }))).toMatchObject({
      typ: 'building',
      floors: 3,
      year: 1930,
      period: '1919-1945',
      footprint: 100,
      volume: 900,
      height: 10,
    });
    expect(buildingFacts(100, row({ year: 1918 })).period).toBe('before 1919');
    expect(buildingFacts(100, row({ year: 2019 })).period).toBe('from 2016');
    expect(buildingFacts(100, row({ category: 1060, area: 80.4 }))).toMatchObject({
      typ: 'building_non_residential',
      footprint: 80,
      floors: 1,
    });
    expect(buildingFacts(55.6, null)).toEqual({
      typ: 'building',
      floors: 1,
      year: null,
      period: '',
      footprint: 56,
      volume: 168,
      dwellings: null,
      height: 4,
    });
  });

  it('keeps the dwellings unknown (null) when the register does not give GANZWHG, never 0', () => {
    expect(buildingFacts(100, row({ dwellings: 3.4 })).dwellings).toBe(3);
    expect(buildingFacts(100, row({ dwellings: 0 })).dwellings).toBe(0);
    expect(buildingFacts(100, row({ storeys: 2 })).dwellings).toBeNull();
    expect(buildingFacts(100, null).dwellings).toBeNull();
  });

  it('knows a building in the survey’s four spellings, and nothing else', () => {
    for (const kind of ['Gebaeude', 'Gebäude', 'batiment', 'bâtiment', 'edificio', 'building', ' GEBAEUDE '])
      expect(isBuildingKind(kind)).toBe(true);
    for (const kind of ['Strasse_Weg', 'Wasserbecken', 'uebrige_befestigte', '', null, undefined])
      expect(isBuildingKind(kind)).toBe(false);
  });

  it('knows a building by DM.01’s enumeration number 0 in the Art column of an Interlis 1 transfer, and only there', () => {
    expect(isBuildingKind(0, 'Art')).toBe(true);
    expect(isBuildingKind('0', 'ART')).toBe(true);
    for (const code of [1, 13, '', null]) expect(isBuildingKind(code, 'Art')).toBe(false);
    // MOpublic's lcsf names its kinds; a number there is no DM.01 code.
    expect(isBuildingKind(0, 'Type')).toBe(false);
    expect(isBuildingKind(0)).toBe(false);
  });
});
