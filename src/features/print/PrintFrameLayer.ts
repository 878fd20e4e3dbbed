import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { PALETTE } from '../../theme/palette';

const SOURCE = 'print-frame';

function frameFeatures(frame: [number, number][] | null): GeoJSON.FeatureCollection {
  if (!frame) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [frame] }, properties: {} }],
  };
}

/** The print frame over the map while the print dialog is open; the controller hands it each change. */
export class PrintFrameLayer {
  private applied: [number, number][] | null = null;

  constructor(private readonly map: MapLibreMap) {
    map.addSource(SOURCE, { type: 'geojson', data: frameFeatures(null) });
    map.addLayer({
      id: 'print-frame-fill',
      type: 'fill',
      source: SOURCE,
      paint: { 'fill-color': PALETTE.primary, 'fill-opacity': 0.08 },
    });
    map.addLayer({
      id: 'print-frame-line',
      type: 'line',
      source: SOURCE,
      paint: { 'line-color': '#176b73', 'line-width': 3, 'line-dasharray': [3, 1.5] },
    });
  }

  apply(frame: [number, number][] | null): void {
    if (frame === this.applied) return;
    this.applied = frame;
    void this.map.getSource<GeoJSONSource>(SOURCE)?.setData(frameFeatures(frame));
    // Said on the container too, for assistive checks and browser tests (a canvas has no DOM to ask).
    this.map.getContainer().dataset.printFrame = frame ? 'shown' : 'hidden';
  }
}
