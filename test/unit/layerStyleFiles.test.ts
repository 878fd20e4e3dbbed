import fs from 'node:fs';
import path from 'node:path';
import { MAP_LAYER_IDS } from '../../src/contract/MapLayers';
import { classColour } from '../../src/contract/ParcelVocabulary';
import { layerStyleFiles } from '../../scripts/layerStyleFiles';

const published = (id: string) =>
  JSON.parse(fs.readFileSync(path.resolve('public/styles', `${id}.json`), 'utf8'));

describe('layer style files (public/styles/<layer>.json)', () => {
  it('exist for the fifteen layers and are what scripts/layerStyleFiles.ts builds from the vocabulary', () => {
    const built = layerStyleFiles();
    for (const id of MAP_LAYER_IDS) expect({ id, style: published(id) }).toEqual({ id, style: built[id] });
    // Re-run `npx tsx scripts/build-layer-styles.ts && npx prettier --write public/styles` when this fails.
  });

  it('colour and name their classes as the parcel drawer reads them (one catalogue)', () => {
    const floods = published('floods');
    expect(floods.legend.items.map((i: { value: string }) => i.value)).toEqual([
      'red',
      'blue',
      'yellow',
      'yellow-white',
    ]);
    for (const item of floods.legend.items) {
      expect(item.colour).toBe(classColour('HAZ_WAT', item.value));
      expect(item.labelKey).toBe(`vocab.hazard.${item.value.replace(/[^A-Za-z0-9-]+/g, '_')}`);
    }
    const zones = published('alpha-zones');
    expect(zones.legend.items.find((i: { value: string }) => i.value === '11').colour).toBe(
      classColour('ALPHA_PRIS', 'W2'),
    );
  });

  it('state source, date and licence, "demo data" exactly where the data is synthetic', () => {
    for (const id of MAP_LAYER_IDS) {
      const { about } = published(id);
      expect(about.source).toEqual(expect.any(String));
      expect(about.licence).toEqual(expect.any(String));
      expect(about.demoData).toBe(!['satellite', 'terrain'].includes(id));
    }
  });
});
