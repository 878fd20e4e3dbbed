import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { PALETTE } from '../../../theme/palette';
import type { MeasureState } from './measureSlice';

const SOURCE = 'measure';

/** The measure tool's drawing: the clicked points, the line through them and, for an area, its fill. */
export function measureFeatures({ mode, points }: MeasureState): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = points.map((point) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: point },
    properties: {},
  }));
  if (points.length >= 2) {
    const closed = mode === 'area' && points.length >= 3;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: closed ? [...points, points[0]] : points },
      properties: {},
    });
    if (closed)
      features.push({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] },
        properties: {},
      });
  }
  return { type: 'FeatureCollection', features };
}

/** Draws the measure state on the map; the controller hands it each store change. */
export class MeasureLayer {
  private applied: MeasureState | null = null;

  constructor(private readonly map: MapLibreMap) {
    map.addSource(SOURCE, { type: 'geojson', data: measureFeatures({ mode: 'off', points: [] }) });
    const colour = PALETTE.secondary;
    map.addLayer({
      id: 'measure-fill',
      type: 'fill',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': colour, 'fill-opacity': 0.15 },
    });
    map.addLayer({
      id: 'measure-line',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      paint: { 'line-color': colour, 'line-width': 2.5, 'line-dasharray': [2, 1] },
    });
    map.addLayer({
      id: 'measure-points',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 4.5,
        'circle-color': '#ffffff',
        'circle-stroke-color': colour,
        'circle-stroke-width': 2,
      },
    });
  }

  apply(state: MeasureState): void {
    if (state === this.applied) return;
    const modeChanged = state.mode !== this.applied?.mode;
    this.applied = state;
    void this.map.getSource<GeoJSONSource>(SOURCE)?.setData(measureFeatures(state));
    // A crosshair says clicks measure now instead of opening parcels.
    if (modeChanged) this.map.getCanvas().style.cursor = state.mode === 'off' ? '' : 'crosshair';
  }
}
