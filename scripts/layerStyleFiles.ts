import type { ExpressionSpecification } from 'maplibre-gl';
import {
  BUILDING_HEIGHT_KEY,
  BUILDING_SOLAR_KEY,
  DATA_LAYER_MIN_ZOOM,
  LAYER_CLASS_KEY,
  LAYER_LABEL_KEY,
  LAYER_TILE_MAX_ZOOM,
  MAP_LAYER_IDS,
  type DataLayerId,
  type MapLayerId,
} from '../src/contract/MapLayers';
import {
  dataLayerLegend,
  LAYER_COLOUR_KEY,
  RESERVE_LEGEND_ITEMS,
  solarLegendItems,
} from '../src/contract/LayerLegends';
import { OBJECT_MIN_ZOOM, PARCEL_MIN_ZOOM, TILE_SOURCE_LAYERS } from '../src/contract/VectorTiles';
import { RESERVE_LAYER_CLASSES, RESERVE_TILE_KEY } from '../src/contract/BuildingReserve';
import { OBJECT_TYPE_COLOURS } from '../src/features/map/parcelLayers';
import {
  STYLE_PLACEHOLDERS,
  type LayerSourceNote,
  type LayerStyleFile,
  type LegendItem,
  type StyleJson,
} from '../src/features/layers/LayerStyleFile';

/**
 * Builds the content of `public/styles/<layer>.json` for the sixteen layers: the colours and legend rows
 * come from the parcel vocabulary (src/contract/ParcelVocabulary.ts), the tile URLs and zooms from the
 * layer contract (src/contract/MapLayers.ts). `npx tsx scripts/build-layer-styles.ts` writes the files; a unit test fails when a
 * file is not what this builds.
 */

const DEMO_DATA: LayerSourceNote = {
  source: { labelId: 'layers.about.demoSource' },
  date: '2026',
  licenceId: 'layers.about.licence.demo',
  demoData: true,
};

const SATELLITE: LayerSourceNote = {
  source: { name: 'swisstopo SWISSIMAGE 10 cm' },
  date: null,
  licenceId: 'layers.about.licence.swisstopo',
  demoData: false,
};

const TERRAIN: LayerSourceNote = {
  source: { name: 'Terrain Tiles (Tilezen/Mapzen: SRTM, swissALTI3D and others) on AWS Open Data' },
  date: null,
  licenceId: 'layers.about.licence.openData',
  demoData: false,
};

/** A `match` expression colouring by an attribute from legend rows. */
function colourMatch(
  key: string,
  items: readonly LegendItem[],
  fallback = '#9e9e9e',
): ExpressionSpecification {
  return [
    'match',
    ['to-string', ['get', key]],
    ...items.flatMap((item) => [item.value, item.colour]),
    fallback,
  ] as unknown as ExpressionSpecification; // the spread loses the tuple shape the style types expect
}

const sourceId = (id: MapLayerId) => `layer-${id}`;

function layerTileUrl(id: DataLayerId): string {
  return `${STYLE_PLACEHOLDERS.mainUrl}/v1/secure/maps/layers/${id}?x={x}&y={y}&z={z}`;
}

const BUILDING_TILES = `${STYLE_PLACEHOLDERS.mainUrl}/v1/secure/maps/objects?x={x}&y={y}&z={z}`;

function vectorSource(tiles: string, minzoom: number, attributionId: string): StyleJson {
  return { type: 'vector', tiles: [tiles], minzoom, maxzoom: LAYER_TILE_MAX_ZOOM, attributionId };
}

/** Translation key of the thematic layers' attribution (resolvedSources puts it in the user's language). */
const DEMO_ATTRIBUTION = 'layers.attribution.demo';

/** The areas of zones, hazards, noise, groundwater, contamination and radon. */
function areaStyle(id: DataLayerId, items: LegendItem[]): LayerStyleFile {
  const source = sourceId(id);
  const colour = colourMatch(LAYER_COLOUR_KEY[id] ?? LAYER_CLASS_KEY, items);
  const zones = id === 'alpha-zones' || id === 'bravo-zones';
  const layers: StyleJson[] = [
    {
      id: `${source}-fill`,
      type: 'fill',
      source,
      'source-layer': id,
      paint: { 'fill-color': colour, 'fill-opacity': 0.55 },
    },
  ];
  if (id === 'groundwater') {
    // Protection zones are outlined in their colour, so they read over the parcel plan.
    layers.push({
      id: `${source}-line`,
      type: 'line',
      source,
      'source-layer': id,
      paint: {
        'line-color': colour,
        'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.8, 16, 2.2],
        'line-opacity': 0.9,
      },
    });
  }
  if (zones) {
    // Zone plans draw their boundaries; hazard maps do not.
    layers.push({
      id: `${source}-line`,
      type: 'line',
      source,
      'source-layer': id,
      minzoom: 14,
      paint: { 'line-color': '#5f5a4f', 'line-width': 0.6, 'line-opacity': 0.6 },
    });
  }
  if (id === 'alpha-zones') {
    layers.push({
      id: `${source}-label`,
      type: 'symbol',
      source,
      'source-layer': id,
      minzoom: 15,
      layout: { 'text-field': ['get', LAYER_CLASS_KEY], 'text-font': ['sans-serif'], 'text-size': 11 },
      paint: {
        'text-color': '#3a352c',
        'text-halo-color': '#ffffff',
        'text-halo-width': 1.2,
        'text-opacity': 1,
      },
    });
  }
  return {
    id,
    minzoom: DATA_LAYER_MIN_ZOOM[id],
    sources: { [source]: vectorSource(layerTileUrl(id), DATA_LAYER_MIN_ZOOM[id], DEMO_ATTRIBUTION) },
    layers,
    placement: 'top',
    opacity: [
      { layer: `${source}-fill`, property: 'fill-opacity', value: 0.55 },
      ...(zones ? [{ layer: `${source}-line`, property: 'line-opacity', value: 0.6 }] : []),
      ...(id === 'groundwater' ? [{ layer: `${source}-line`, property: 'line-opacity', value: 0.9 }] : []),
      ...(id === 'alpha-zones' ? [{ layer: `${source}-label`, property: 'text-opacity', value: 1 }] : []),
    ],
    legend: { kind: 'fill', items },
    about: DEMO_DATA,
  };
}

/** Heritage, fix points and underground objects: coloured points (and underground footprints). */
function pointStyle(id: 'heritage' | 'fix-points' | 'underground', items: LegendItem[]): LayerStyleFile {
  const source = sourceId(id);
  const colour = colourMatch(LAYER_CLASS_KEY, items);
  const layers: StyleJson[] = [];
  const opacity: LayerStyleFile['opacity'] = [];
  if (id === 'underground') {
    layers.push({
      id: `${source}-fill`,
      type: 'fill',
      source,
      'source-layer': id,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': colour, 'fill-opacity': 0.8, 'fill-outline-color': '#263238' },
    });
    // Underground footprints dashed, as survey plans draw what lies below ground.
    layers.push({
      id: `${source}-line`,
      type: 'line',
      source,
      'source-layer': id,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: {
        'line-color': '#1a237e',
        'line-width': ['interpolate', ['linear'], ['zoom'], 14, 1.2, 18, 2.5],
        'line-dasharray': [2, 1.5],
        'line-opacity': 1,
      },
    });
    opacity.push(
      { layer: `${source}-fill`, property: 'fill-opacity', value: 0.8 },
      { layer: `${source}-line`, property: 'line-opacity', value: 1 },
    );
  }
  // Probes and tanks are small: larger points with a dark ring than the survey's fix points.
  const underground = id === 'underground';
  layers.push({
    id: `${source}-points`,
    type: 'circle',
    source,
    'source-layer': id,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-color': colour,
      'circle-radius': underground
        ? ['interpolate', ['linear'], ['zoom'], 14, 5, 16, 7, 18, 10]
        : ['interpolate', ['linear'], ['zoom'], 14, 3.5, 18, 7],
      'circle-stroke-color': underground ? '#263238' : '#ffffff',
      'circle-stroke-width': 1.5,
      'circle-opacity': 1,
      'circle-stroke-opacity': 1,
    },
  });
  opacity.push(
    { layer: `${source}-points`, property: 'circle-opacity', value: 1 },
    { layer: `${source}-points`, property: 'circle-stroke-opacity', value: 1 },
  );
  if (id !== 'underground') {
    layers.push({
      id: `${source}-label`,
      type: 'symbol',
      source,
      'source-layer': id,
      minzoom: 16,
      layout: {
        'text-field': ['get', LAYER_LABEL_KEY],
        'text-font': ['sans-serif'],
        'text-size': 11,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
        'text-optional': true,
      },
      paint: {
        'text-color': '#37474f',
        'text-halo-color': '#ffffff',
        'text-halo-width': 1.2,
        'text-opacity': 1,
      },
    });
    opacity.push({ layer: `${source}-label`, property: 'text-opacity', value: 1 });
  }
  return {
    id,
    minzoom: DATA_LAYER_MIN_ZOOM[id],
    sources: { [source]: vectorSource(layerTileUrl(id), DATA_LAYER_MIN_ZOOM[id], DEMO_ATTRIBUTION) },
    layers,
    placement: 'top',
    opacity,
    legend: { kind: id === 'underground' ? 'fill' : 'circle', items },
    about: DEMO_DATA,
  };
}

function dataLayerStyle(id: DataLayerId): LayerStyleFile {
  const { items } = dataLayerLegend(id);
  if (id === 'heritage' || id === 'fix-points' || id === 'underground') return pointStyle(id, items);
  return areaStyle(id, items);
}

const BUILDING_TYPE_ITEMS: LegendItem[] = Object.entries(OBJECT_TYPE_COLOURS).map(([value, colour]) => ({
  value,
  colour,
  labelKey: `vocab.buildingType.${value}`,
}));
const SOLAR_ITEMS = solarLegendItems();
const SOLAR_KEY = BUILDING_SOLAR_KEY;

/** A style over the building tiles (maps/objects, from z15) with one layer. */
function buildingTilesStyle(
  id: 'buildings-3d' | 'solar',
  layer: StyleJson & { id: string },
  opacity: { property: string; value: number },
  legend: NonNullable<LayerStyleFile['legend']>,
): LayerStyleFile {
  const source = sourceId(id);
  return {
    id,
    minzoom: OBJECT_MIN_ZOOM,
    sources: { [source]: vectorSource(BUILDING_TILES, OBJECT_MIN_ZOOM, DEMO_ATTRIBUTION) },
    layers: [{ ...layer, source, 'source-layer': TILE_SOURCE_LAYERS.objects }],
    placement: 'top',
    opacity: [{ layer: layer.id, ...opacity }],
    legend,
    about: DEMO_DATA,
  };
}

function buildings3dStyle(): LayerStyleFile {
  const layer = `${sourceId('buildings-3d')}-extrusion`;
  const style = buildingTilesStyle(
    'buildings-3d',
    {
      id: layer,
      type: 'fill-extrusion',
      paint: {
        'fill-extrusion-color': colourMatch('OBJ_TYP', BUILDING_TYPE_ITEMS, '#cfcfcf'),
        'fill-extrusion-height': ['to-number', ['get', BUILDING_HEIGHT_KEY], 0],
        'fill-extrusion-base': 0,
        'fill-extrusion-opacity': 0.9,
      },
    },
    { property: 'fill-extrusion-opacity', value: 0.9 },
    { kind: 'extrusion', items: BUILDING_TYPE_ITEMS },
  );
  // Both on: the extrusions wear the roofs' solar colours and the flat roofs step aside (spec §4).
  return {
    ...style,
    swap: {
      with: 'solar',
      paint: { [layer]: { 'fill-extrusion-color': colourMatch(SOLAR_KEY, SOLAR_ITEMS, '#cfcfcf') } },
      hide: [`${sourceId('solar')}-roofs`],
    },
  };
}

function solarStyle(): LayerStyleFile {
  return buildingTilesStyle(
    'solar',
    {
      id: `${sourceId('solar')}-roofs`,
      type: 'fill',
      filter: ['>', ['to-number', ['get', SOLAR_KEY], 0], 0],
      paint: {
        'fill-color': colourMatch(SOLAR_KEY, SOLAR_ITEMS),
        'fill-opacity': 0.9,
        'fill-outline-color': '#6d4c41',
      },
    },
    { property: 'fill-opacity', value: 0.9 },
    { kind: 'fill', items: SOLAR_ITEMS },
  );
}

function satelliteStyle(): LayerStyleFile {
  const source = sourceId('satellite');
  return {
    id: 'satellite',
    minzoom: 0,
    sources: {
      [source]: {
        type: 'raster',
        tiles: [STYLE_PLACEHOLDERS.satelliteTilesUrl],
        tileSize: 256,
        maxzoom: 19,
        attribution: '© swisstopo',
      },
    },
    layers: [{ id: `${source}-raster`, type: 'raster', source, paint: { 'raster-opacity': 1 } }],
    placement: 'bottom',
    opacity: [{ layer: `${source}-raster`, property: 'raster-opacity', value: 1 }],
    legend: null,
    about: SATELLITE,
  };
}

function terrainStyle(): LayerStyleFile {
  const dem = `${sourceId('terrain')}-dem`;
  const shade = `${sourceId('terrain')}-shade`;
  // MapLibre wants the terrain and the hillshade on separate sources of the same tiles.
  const raster = (id: string): StyleJson => ({
    type: 'raster-dem',
    tiles: [STYLE_PLACEHOLDERS.terrainTilesUrl],
    encoding: STYLE_PLACEHOLDERS.terrainTilesEncoding,
    tileSize: 256,
    maxzoom: 15,
    ...(id === dem ? { attributionId: 'layers.attribution.terrain' } : {}),
  });
  return {
    id: 'terrain',
    minzoom: 0,
    sources: { [dem]: raster(dem), [shade]: raster(shade) },
    layers: [
      {
        id: `${shade}-hillshade`,
        type: 'hillshade',
        source: shade,
        paint: { 'hillshade-exaggeration': 0.35, 'hillshade-shadow-color': '#5b5346' },
      },
    ],
    placement: 'bottom',
    opacity: [{ layer: `${shade}-hillshade`, property: 'hillshade-exaggeration', value: 0.35 }],
    legend: null,
    about: TERRAIN,
    terrain: { source: dem, exaggeration: 1.4 },
  };
}

const RESERVE_ITEMS = [...RESERVE_LEGEND_ITEMS];

/** The building reserve over every parcel of the tile (maps/all-around, from z14), coloured by class. */
function buildingReserveStyle(): LayerStyleFile {
  const id = 'building-reserve';
  const source = sourceId(id);
  const layer = `${source}-fill`;
  const [first, ...rest] = RESERVE_LAYER_CLASSES;
  return {
    id,
    minzoom: PARCEL_MIN_ZOOM,
    sources: {
      [source]: vectorSource(
        `${STYLE_PLACEHOLDERS.mainUrl}/v1/secure/maps/all-around?x={x}&y={y}&z={z}`,
        PARCEL_MIN_ZOOM,
        DEMO_ATTRIBUTION,
      ),
    },
    layers: [
      {
        id: layer,
        type: 'fill',
        source,
        'source-layer': TILE_SOURCE_LAYERS.allAround,
        filter: ['!=', ['get', RESERVE_TILE_KEY], ''],
        paint: {
          'fill-color': [
            'step',
            ['to-number', ['get', RESERVE_TILE_KEY], 0],
            first.colour,
            ...rest.flatMap((c) => [c.from, c.colour]),
          ] as unknown as ExpressionSpecification, // the spread loses the tuple shape the style types expect
          'fill-opacity': 0.7,
        },
      },
    ],
    placement: 'top',
    opacity: [{ layer, property: 'fill-opacity', value: 0.7 }],
    legend: { kind: 'fill', items: RESERVE_ITEMS },
    about: DEMO_DATA,
  };
}

/** Every layer's style file, by id. */
export function layerStyleFiles(): Record<MapLayerId, LayerStyleFile> {
  const build = (id: MapLayerId): LayerStyleFile => {
    switch (id) {
      case 'satellite':
        return satelliteStyle();
      case 'terrain':
        return terrainStyle();
      case 'buildings-3d':
        return buildings3dStyle();
      case 'solar':
        return solarStyle();
      case 'building-reserve':
        return buildingReserveStyle();
      default:
        return dataLayerStyle(id);
    }
  };
  return Object.fromEntries(MAP_LAYER_IDS.map((id) => [id, build(id)])) as Record<MapLayerId, LayerStyleFile>;
}

/** The text of a style file as written to public/styles (stable, pretty, newline-terminated). */
export function styleFileText(style: LayerStyleFile): string {
  return `${JSON.stringify(style, null, 2)}\n`;
}
