import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { RootState } from '../../store/storeTypes';
import { LIST_STATUSES, type ListStatus, type ParcelListItem } from '../../contract/ParcelLists';
import { PARCEL_MIN_ZOOM, TILE_SOURCE_LAYERS } from '../../contract/VectorTiles';
import { listEndpoints } from './listEndpoints';

const SOURCE = 'listed-parcels';
/**
 * What is shown with no list open: one array for good, so that `apply` sees no change on the store's other
 * actions (a new `[]` each time set the data, the filter and the colour again and redrew the map on every one).
 */
const NO_ITEMS: readonly ParcelListItem[] = [];
/** The parcel outlines come from the surrounding-parcels tiles the map already loads. */
const OUTLINE_SOURCE = 'parcels-all-around';

/** The map colour of a pipeline step (the hues of the status tags). */
export const STATUS_MAP_COLOURS: Record<ListStatus, string> = {
  new: '#1677ff',
  reviewing: '#2f54eb',
  contacted: '#722ed1',
  offer: '#fa8c16',
  acquired: '#389e0d',
  dropped: '#8c8c8c',
};

const statusColour = [
  'match',
  ['get', 'status'],
  ...LIST_STATUSES.flatMap((status) => [status, STATUS_MAP_COLOURS[status]]),
  '#1677ff',
] as unknown as ExpressionSpecification; // the spread loses the tuple shape the style types expect

/** The open list's parcels as points at their centroids, with their status. */
export function listedParcelFeatures(
  items: readonly ParcelListItem[],
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: items.map((item) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [item.lon, item.lat] },
      properties: { PRC_ID: item.prcId, status: item.status, label: item.prcNo },
    })),
  };
}

/** West, south, east, north of the parcels' centroids, or null for an empty list. */
export function listExtent(items: readonly ParcelListItem[]): [number, number, number, number] | null {
  if (items.length === 0) return null;
  const lons = items.map((item) => item.lon);
  const lats = items.map((item) => item.lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const outlineFilter = (items: readonly ParcelListItem[]): ExpressionSpecification => [
  'in',
  ['get', 'PRC_ID'],
  ['literal', items.map((item) => item.prcId)],
];

/** Each listed parcel's outline in its status colour (the tiles know the parcel, not the list). */
const outlineColour = (items: readonly ParcelListItem[]): ExpressionSpecification =>
  items.length === 0
    ? (STATUS_MAP_COLOURS.new as unknown as ExpressionSpecification)
    : ([
        'match',
        ['get', 'PRC_ID'],
        ...items.flatMap((item) => [item.prcId, STATUS_MAP_COLOURS[item.status]]),
        STATUS_MAP_COLOURS.new,
      ] as unknown as ExpressionSpecification); // the spread loses the tuple shape the style types expect

/**
 * The open list's parcels on the map: their outlines drawn thick in their status colour from the zoom at
 * which parcels show, and a dot per parcel at every zoom. The map controller hands it each store change and
 * fits the camera to the extent it returns when a list has just been opened.
 */
export class ListHighlightLayer {
  private items: readonly ParcelListItem[] | null = null;
  private fittedListId: string | null = null;

  constructor(private readonly map: MapLibreMap) {
    map.addSource(SOURCE, { type: 'geojson', data: listedParcelFeatures([]) });
    map.addLayer({
      id: 'listed-parcels-outline',
      type: 'line',
      source: OUTLINE_SOURCE,
      'source-layer': TILE_SOURCE_LAYERS.allAround,
      minzoom: PARCEL_MIN_ZOOM,
      filter: outlineFilter([]),
      paint: { 'line-color': STATUS_MAP_COLOURS.new, 'line-width': 3.5 },
    });
    map.addLayer({
      id: 'listed-parcels-dot',
      type: 'circle',
      source: SOURCE,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 7, 5, 14, 7],
        'circle-color': statusColour,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
  }

  /** Shows the open list's parcels; returns the extent to fit when a list was opened and has loaded. */
  apply(state: RootState): [number, number, number, number] | null {
    const listId = state.lists.openListId;
    const items = listId
      ? listEndpoints.endpoints.getParcelList.select(listId)(state).data?.items
      : undefined;
    const shown = items ?? NO_ITEMS;
    if (shown !== this.items) {
      this.items = shown;
      (this.map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(listedParcelFeatures(shown));
      this.map.setFilter('listed-parcels-outline', outlineFilter(shown));
      this.map.setPaintProperty('listed-parcels-outline', 'line-color', outlineColour(shown));
    }
    if (listId !== this.fittedListId && items) {
      this.fittedListId = listId;
      return listExtent(items);
    }
    if (!listId) this.fittedListId = null;
    return null;
  }
}
