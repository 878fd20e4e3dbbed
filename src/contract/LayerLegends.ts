import { RESERVE_LAYER_CLASSES } from './BuildingReserve';
import { DATA_LAYER_FIELD, LAYER_CLASS_KEY, type DataLayerId } from './MapLayers';
import { vocabularyClasses, type VocabularyClass } from './ParcelVocabulary';

/**
 * The legends of the thematic layers, one catalogue for the map's style files
 * (scripts/layerStyleFiles.ts) and the server's map print: the same classes in the same colours.
 */

/** One legend row: a colour swatch and the translation key of its class. */
export interface LegendItem {
  /** The coded value the class stands for (a parcel field's value). */
  value: string;
  colour: string;
  labelKey: string;
}

/** The attribute a data layer is coloured by: the class, or its colour group where the class is finer. */
export const LAYER_COLOUR_KEY: Partial<Record<DataLayerId, string>> = {
  'alpha-zones': 'group',
  contamination: 'group',
};

/** Classes the server leaves out of a layer's tiles, so the legend leaves them out too. */
const NOT_DRAWN = new Set(['white', 'not assessed', 'archaeological area']);

export function legendItems(classes: readonly VocabularyClass[]): LegendItem[] {
  return classes
    .filter((c) => !NOT_DRAWN.has(c.value))
    .map((c) => ({ value: c.value, colour: c.colour, labelKey: c.message.id }));
}

/** A data layer's legend rows and the attribute (class or group) they colour by. */
export function dataLayerLegend(id: DataLayerId): { key: string; items: LegendItem[] } {
  return {
    key: LAYER_COLOUR_KEY[id] ?? LAYER_CLASS_KEY,
    items: legendItems(vocabularyClasses(DATA_LAYER_FIELD[id])),
  };
}

/** The solar layer's roof classes (the building tiles' SOLAR attribute). */
export const solarLegendItems = (): LegendItem[] => legendItems(vocabularyClasses('ROOF_SOLAR'));

/** The building reserve's classes: each from its lower bound in m² (`value`) up to the next one's. */
export const RESERVE_LEGEND_ITEMS: readonly LegendItem[] = RESERVE_LAYER_CLASSES.map((c) => ({
  value: String(c.from),
  colour: c.colour,
  labelKey: `layers.legend.reserve.${c.id}`,
}));
