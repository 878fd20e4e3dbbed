/**
 * Writes public/styles/<layer>.json for the fifteen map layers from the parcel vocabulary and the layer
 * contract (scripts/layerStyleFiles.ts). Run after changing a colour, a class or a layer:
 *   npx tsx scripts/build-layer-styles.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { layerStyleFiles, styleFileText } from './layerStyleFiles';

const directory = path.resolve('public/styles');
fs.mkdirSync(directory, { recursive: true });
for (const [id, style] of Object.entries(layerStyleFiles())) {
  fs.writeFileSync(path.join(directory, `${id}.json`), styleFileText(style));
}
console.log(`Wrote ${Object.keys(layerStyleFiles()).length} layer styles to ${directory}`);
