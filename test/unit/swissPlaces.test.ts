import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeSwissPlaces, loadSwissPlaces } from '../../server/data/geography/swissPlaces';

describe("the Swiss places (GeoNames' cities in Switzerland)", () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swiss-places-'));
  });
  afterEach(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

  it('are decoded once and then read from the copy kept beside the packages, the same places', () => {
    const decoded = decodeSwissPlaces();
    expect(decoded.length).toBeGreaterThan(100);
    expect(decoded).toContainEqual(expect.objectContaining({ name: 'Zug', cantonCode: 'ZG' }));
    let decodings = 0;
    const decode = () => (decodings++, decoded);
    expect(loadSwissPlaces(cacheDir, decode)).toEqual(decoded);
    expect(loadSwissPlaces(cacheDir, decode)).toEqual(decoded);
    expect(decodings).toBe(1);
    expect(fs.readdirSync(cacheDir)).toEqual([expect.stringMatching(/^swiss-places-[\d.]+-v\d+\.json$/)]);
  });

  it('decode again when the copy is cut short, and still answer when it cannot be written', () => {
    const decoded = decodeSwissPlaces();
    loadSwissPlaces(cacheDir, () => decoded);
    const [file] = fs.readdirSync(cacheDir);
    fs.writeFileSync(path.join(cacheDir, file), '[{"name":"Zu');
    expect(loadSwissPlaces(cacheDir, () => decoded)).toEqual(decoded);
    expect(JSON.parse(fs.readFileSync(path.join(cacheDir, file), 'utf8'))).toEqual(decoded);

    const readOnly = path.join(cacheDir, 'not-a-dir');
    fs.writeFileSync(readOnly, '');
    expect(loadSwissPlaces(readOnly, () => decoded)).toEqual(decoded);
  });
});
