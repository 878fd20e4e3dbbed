import type { AsyncDatasetWriter, DatasetWriter } from '../../store/contract/parcels/DatasetWriter';
import type { MunicipalityPriceInput, MunicipalityPriceLevel } from '../../store/contract/reports/priceLevelWriting';

/**
 * Typical price of residential building land per canton, CHF per m², rounded: the order of magnitude of
 * published hedonic land-price levels (expensive around Zurich, Zug and Lake Geneva, cheapest in the
 * Jura, Uri and Glarus). Synthetic reference values for the demo dataset, not market data.
 */
const CANTON_LAND_PRICE: Record<string, number> = {
  ZH: 1500, BE: 550, LU: 850, UR: 350, SZ: 1100, OW: 700, NW: 950, GL: 350, ZG: 1800, FR: 450, SO: 450,
  BS: 1500, BL: 800, SH: 450, AR: 400, AI: 450, SG: 550, GR: 650, AG: 650, TG: 500, TI: 650, VD: 1000,
  VS: 400, NE: 400, GE: 2100, JU: 250,
};

const FALLBACK_LAND_PRICE = 600;

/** Deterministic spread per municipality in [-1, 1) from its BFS number (no random state needed). */
function spread(bfs: number): number {
  let h = Math.imul(bfs ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) / 2 ** 32) * 2 - 1;
}

/**
 * A municipality's price level, CHF per m² of building land: the canton's level, higher in large
 * (urban) municipalities and lower in small rural ones (by their parcel count), ±15 % per municipality,
 * rounded to 10 CHF. An estimate for orientation, labelled as such wherever it is shown.
 */
export function municipalityPriceLevel({ bfs, canton, parcelCount }: MunicipalityPriceInput): number {
  const base = CANTON_LAND_PRICE[canton] ?? FALLBACK_LAND_PRICE;
  const urbanity = Math.min(1, Math.max(0, (Math.log10(Math.max(parcelCount, 1)) - 2) / 2.5));
  const level = base * (0.65 + 0.7 * urbanity) * (1 + 0.15 * spread(bfs));
  return Math.max(10, Math.round(level / 10) * 10);
}

const priceLevelsOf = (missing: readonly MunicipalityPriceInput[]): MunicipalityPriceLevel[] =>
  missing.map((m) => ({ bfs: m.bfs, chfPerM2: municipalityPriceLevel(m) }));

/** Writes a price level for every municipality of the dataset that lacks one. */
export function fillPriceLevels(writer: DatasetWriter): void {
  const missing = writer.municipalitiesWithoutPriceLevel();
  if (missing.length > 0) writer.writePriceLevels(priceLevelsOf(missing));
}

/** `fillPriceLevels` through an asynchronous writer (PostgreSQL). */
export async function fillPriceLevelsAsync(writer: AsyncDatasetWriter): Promise<void> {
  const missing = await writer.municipalitiesWithoutPriceLevel();
  if (missing.length > 0) await writer.writePriceLevels(priceLevelsOf(missing));
}
