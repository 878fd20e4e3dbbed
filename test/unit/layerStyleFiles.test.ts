import fs from 'node:fs';
import path from 'node:path';
import { MAP_LAYER_IDS } from '../../src/contract/MapLayers';
import { classColour } from '../../src/contract/ParcelVocabulary';
import { layerStyleFiles } from '../../scripts/layerStyleFiles';
import german from '../../translations/de.json';
import english from '../../translations/en.json';
import french from '../../translations/fr.json';
import italian from '../../translations/it.json';

const published = (id: string) =>
  JSON.parse(fs.readFileSync(path.resolve('public/styles', `${id}.json`), 'utf8'));

describe('layer style files (public/styles/<layer>.json)', () => {
  it('exist for the sixteen layers and are what scripts/layerStyleFiles.ts builds from the vocabulary', () => {
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
      // A publisher's proper name, or our own dataset's description in the user's language.
      expect(about.source).toEqual(
        about.demoData ? { labelId: 'layers.about.demoSource' } : { name: expect.any(String) },
      );
      expect(about.licenceId).toMatch(/^layers\.about\.licence\./);
      for (const language of [english, german, french, italian] as Record<string, string>[]) {
        if ('labelId' in about.source) expect(language[about.source.labelId]).toEqual(expect.any(String));
        expect(language[about.licenceId]).toEqual(expect.any(String));
      }
      expect(about.demoData).toBe(!['satellite', 'terrain'].includes(id));
    }
  });
});
