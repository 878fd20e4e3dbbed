/**
 * A stand-in for maplibre-gl in jsdom (the real one needs WebGL). Records what the controller does to
 * the map and lets a test fire the map's events: `FakeMap.last.fire('load')`.
 */
type Handler = (event: Record<string, unknown>) => void;

export class FakeSource {
  tiles: string[] = [];
  data: unknown = null;
  constructor(public spec: Record<string, unknown>) {
    this.tiles = (spec.tiles as string[] | undefined) ?? [];
    this.data = spec.data ?? null;
  }
  setTiles(tiles: string[]) {
    this.tiles = tiles;
    return this;
  }
  setData(data: unknown) {
    this.data = data;
    return Promise.resolve();
  }
}

export class FakeMap {
  static last: FakeMap;
  options: Record<string, unknown>;
  controls: unknown[] = [];
  sources = new globalThis.Map<string, FakeSource>();
  layers: Record<string, unknown>[] = [];
  filters = new globalThis.Map<string, unknown>();
  layout = new globalThis.Map<string, unknown>();
  flights: Record<string, unknown>[] = [];
  eases: Record<string, unknown>[] = [];
  jumps: Record<string, unknown>[] = [];
  fits: { bounds: unknown; options: Record<string, unknown> }[] = [];
  /** Whether a camera move is under way (a test sets it, then fires 'moveend'). */
  moving = false;
  handlers: { type: string; layer?: string; handler: Handler }[] = [];
  removed = false;
  /** The layer each added layer was placed before (undefined: on top). */
  before = new globalThis.Map<string, string | undefined>();
  paint = new globalThis.Map<string, unknown>();
  terrain: unknown = null;
  /** Sources the test says are still loading (isSourceLoaded false). */
  loading = new globalThis.Set<string>();
  zoom: number;
  canvas = document.createElement('canvas');
  /** The element the map's pointer handlers listen on (jsdom has no pointer capture: a no-op here). */
  canvasContainer = Object.assign(document.createElement('div'), { setPointerCapture: () => undefined });
  dragPan = {
    enabled: true,
    enable: () => {
      this.dragPan.enabled = true;
    },
    disable: () => {
      this.dragPan.enabled = false;
    },
  };
  /** What queryRenderedFeatures answers (tests set it), and the queries it was asked. */
  renderedFeatures: { properties: Record<string, unknown>; geometry?: unknown }[] = [];
  featureQueries: { geometry: unknown; options: unknown }[] = [];

  constructor(options: Record<string, unknown>) {
    this.options = options;
    this.zoom = options.zoom as number;
    FakeMap.last = this;
  }
  addControl(control: unknown) {
    this.controls.push(control);
    return this;
  }
  on(type: string, layerOrHandler: string | Handler, maybeHandler?: Handler) {
    if (typeof layerOrHandler === 'string')
      this.handlers.push({ type, layer: layerOrHandler, handler: maybeHandler! });
    else this.handlers.push({ type, handler: layerOrHandler });
    return this;
  }
  once(type: string, handler: Handler) {
    const entry = {
      type,
      handler: (event: Record<string, unknown>) => {
        this.handlers.splice(this.handlers.indexOf(entry), 1);
        handler(event);
      },
    };
    this.handlers.push(entry);
    return this;
  }
  /** Fires a map event, or a layer event when `layer` is given. */
  fire(type: string, event: Record<string, unknown> = {}, layer?: string) {
    if (type === 'moveend') this.moving = false;
    for (const entry of [...this.handlers])
      if (entry.type === type && entry.layer === layer) entry.handler(event);
  }
  isMoving() {
    return this.moving;
  }
  addSource(id: string, spec: Record<string, unknown>) {
    this.sources.set(id, new FakeSource(spec));
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  addLayer(layer: Record<string, unknown>, beforeId?: string) {
    this.layers.push(layer);
    this.before.set(layer.id as string, beforeId);
  }
  getLayer(id: string) {
    return this.layers.find((layer) => layer.id === id);
  }
  removeLayer(id: string) {
    this.layers = this.layers.filter((layer) => layer.id !== id);
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  setPaintProperty(layer: string, name: string, value: unknown) {
    this.paint.set(`${layer}.${name}`, value);
  }
  setTerrain(terrain: unknown) {
    this.terrain = terrain;
  }
  isSourceLoaded(id: string) {
    return !this.loading.has(id);
  }
  off(type: string, handler: Handler) {
    this.handlers = this.handlers.filter((entry) => !(entry.type === type && entry.handler === handler));
    return this;
  }
  getContainer() {
    return this.options.container as HTMLElement;
  }
  setFilter(layer: string, filter: unknown) {
    this.filters.set(layer, filter);
  }
  setLayoutProperty(layer: string, name: string, value: unknown) {
    this.layout.set(`${layer}.${name}`, value);
  }
  getLayoutProperty(layer: string, name: string) {
    return this.layout.get(`${layer}.${name}`);
  }
  flyTo(options: Record<string, unknown>) {
    this.flights.push(options);
  }
  easeTo(options: Record<string, unknown>) {
    this.eases.push(options);
  }
  jumpTo(options: Record<string, unknown>) {
    this.jumps.push(options);
  }
  fitBounds(bounds: unknown, options: Record<string, unknown>) {
    this.fits.push({ bounds, options });
  }
  /** The zoom a fit to any extent would give (tests set it). */
  boundsZoom = 12;
  cameraForBounds() {
    return { zoom: this.boundsZoom };
  }
  getZoom() {
    return this.zoom;
  }
  getCenter() {
    return { lng: 8.4, lat: 46.9 };
  }
  getPadding() {
    return { left: 0, right: 0, top: 0, bottom: 0 };
  }
  getPitch() {
    return this.options.pitch as number;
  }
  getBearing() {
    return this.options.bearing as number;
  }
  getCanvas() {
    return this.canvas;
  }
  getCanvasContainer() {
    return this.canvasContainer;
  }
  /** Longitude and latitude to canvas pixels: ten pixels a degree, for tests of the lasso. */
  project([lng, lat]: [number, number]) {
    return { x: lng * 10, y: lat * 10 };
  }
  queryRenderedFeatures(geometry: unknown, options: unknown) {
    this.featureQueries.push({ geometry, options });
    return this.renderedFeatures;
  }
  remove() {
    this.removed = true;
  }
}

export class FakePopup {
  /** What each popup showed, lines joined with " | ", in order. */
  static shown: string[] = [];
  text = '';
  private open = false;
  private lngLat: unknown = null;
  setLngLat(lngLat: unknown) {
    this.lngLat = lngLat;
    return this;
  }
  getLngLat() {
    return this.lngLat;
  }
  setText(text: string) {
    this.text = text;
    return this;
  }
  setDOMContent(node: Node) {
    this.text = Array.from(node.childNodes, (child) => child.textContent ?? '').join(' | ');
    return this;
  }
  isOpen() {
    return this.open;
  }
  addTo() {
    this.open = true;
    FakePopup.shown.push(this.text);
    return this;
  }
  remove() {
    this.open = false;
    return this;
  }
}

class FakeControl {
  constructor(public options?: unknown) {}
}

export const Map = FakeMap;
export const Popup = FakePopup;
export class NavigationControl extends FakeControl {}
export class FullscreenControl extends FakeControl {}
export class ScaleControl extends FakeControl {}
export class AttributionControl extends FakeControl {}
export const workerUrls: string[] = [];
/** The custom URL schemes registered with addProtocol. */
export const protocols = new globalThis.Map<string, unknown>();
export function addProtocol(name: string, load: unknown) {
  protocols.set(name, load);
}
export function setWorkerUrl(url: string) {
  workerUrls.push(url);
}
export function getVersion() {
  return '6.17.0';
}
