import 'maplibre-gl/dist/maplibre-gl.css';
import {
  AttributionControl,
  FullscreenControl,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
  ScaleControl,
  addProtocol,
  getVersion,
  setWorkerUrl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  type MapLayerMouseEvent,
  type LngLatLike,
  type RequestParameters,
  type StyleSpecification,
  type VectorTileSource,
} from 'maplibre-gl';
import type { AppStore, RootState } from '../../store/storeTypes';
import { runtimeConfig } from '../../config/runtimeConfig';
import type { ParcelSummary, SearchResponse } from '../../contract/Parcel';
import { HOVER_POPUP_MS } from '../../lib/timing';
import { queryStringFromSearch } from '../../contract/SearchParameters';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_MIN_ZOOM,
  OBJECT_MIN_ZOOM,
  PARCEL_MIN_ZOOM,
} from '../../contract/VectorTiles';
import { DRAWER_WIDTH } from '../parcel/parcelDisplay';
import { parcelApi, parcelSelected } from '../parcel/parcelSlice';
import { selectSiteBuilding, selectSiteEntries, siteParcelToggled, type SiteEntry } from '../site/siteSlice';
import { searchApi } from '../search/searchApi';
import type { ActiveSearch } from '../search/searchSlice';
import { LayerController } from '../layers/LayerController';
import { baseMapStyle } from './baseMapStyle';
import { drawSettledFramesOnly } from './settledFramesOnly';
import { bubbleRadiusPx } from './clusters/bubbleSize';
import { bubbleExtent, SearchClusters } from './clusters/searchClusters';
import { publishCursor } from './coordinates/cursorPosition';
import { MeasureLayer } from './measure/MeasureLayer';
import { MapSelectTool } from './selection/MapSelectTool';
import { selectMapSelecting, selectMapSelection, type SelectedParcel } from './selection/mapSelectionSlice';
import { OUTSIDE_TILE_SCHEME } from '../layers/outsideServices';
import { fetchOutsideTile } from '../layers/outsideTileFetch';
import { PrintFrameLayer } from '../print/PrintFrameLayer';
import { ListHighlightLayer } from '../lists/ListHighlightLayer';
import { measureFinished, measurePointAdded, selectMeasuring } from './measure/measureSlice';
import { MAP_MAX_PITCH, mapViewChanged, type FitToRequest } from './mapSlice';
import {
  createSharedTileLoader,
  fetchPublicTile,
  networkUrlOf,
  SHARED_TILE_SCHEME,
} from './tiles/sharedTileLoader';
import {
  clusterFeatures,
  mainTileUrl,
  PARCEL_LAYER_IDS,
  PARCEL_LAYERS,
  SOURCES,
  selectedFilter,
  siteFilter,
} from './parcelLayers';

export interface MapControllerOptions {
  container: HTMLElement;
  store: AppStore;
  /**
   * The hover popup's lines for a parcel (translated by the screen): from its tile properties at first,
   * then with its summary (address, area, zone) once that has loaded.
   */
  describeParcel: (properties: Record<string, unknown>, summary?: ParcelSummary) => string[];
  /** A message of the interface language (the attributions; the page reloads when the language changes). */
  translate: (id: string) => string;
}

/** What the controller last applied, so each store change only touches what differs. */
interface Applied {
  active: ActiveSearch | null | undefined;
  results: SearchResponse | undefined;
  selectedId: string | null | undefined;
  siteEntries: SiteEntry[] | undefined;
  mapSelection: SelectedParcel[] | null | undefined;
  flySeq: number | undefined;
  fitSeq: number | undefined;
}

const MATCHING_LAYERS = ['parcels-matching-fill', 'parcels-matching-line'];

/** Room kept around a fitted extent, px. */
const FIT_PADDING = 48;

let sharedTilesRegistered = false;

/** Base-map tiles go through one shared loader per page (see sharedTileLoader). */
function registerSharedTiles(): void {
  if (sharedTilesRegistered) return;
  sharedTilesRegistered = true;
  const loader = createSharedTileLoader(fetchPublicTile);
  addProtocol(SHARED_TILE_SCHEME, async (params, abortController) => ({
    data: await loader.load(networkUrlOf(params.url), abortController.signal),
  }));
  addProtocol(OUTSIDE_TILE_SCHEME, async (params, abortController) => ({
    data: await fetchOutsideTile(params.url, abortController.signal),
  }));
}

/**
 * The one owner of the map instance (design.md §3): it follows the store (the search's tiles and
 * clusters, the selection, fly-to requests) and turns map events into actions (parcel clicks, view
 * changes). Nothing else holds the map, so the store stays serialisable and replayable.
 */
export class MapController {
  private readonly map: MapLibreMap;
  private readonly store: AppStore;
  private readonly describeParcel: MapControllerOptions['describeParcel'];
  private readonly translate: MapControllerOptions['translate'];
  private readonly popup: Popup;
  private unsubscribe: (() => void) | null = null;
  /** The thematic layers and base labels (src/features/layers), once the map has loaded. */
  private layers: LayerController | null = null;
  private hoverTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts pointer moves over parcels, so a summary arriving late never fills a popup it no longer fits. */
  private hoverSeq = 0;
  private clusters: SearchClusters | null = null;
  private bubbleZoom: number | null = null;
  private measure: MeasureLayer | null = null;
  private printFrame: PrintFrameLayer | null = null;
  /** "Select on map": a drag draws a box or a lasso that selects the parcels it meets. */
  private selectTool: MapSelectTool | null = null;
  /** The open list's parcels (src/features/lists). */
  private listed: ListHighlightLayer | null = null;
  /** The matching-tile URL waiting for the camera to stop (a reset mid-flight aborts every tile). */
  private pendingMatchingTiles: string | null = null;
  /** Fits up to this request number were overtaken by a later flight (a result card) before they ran. */
  private fitsOvertakenThrough = 0;
  private applied: Applied = {
    active: undefined,
    results: undefined,
    selectedId: undefined,
    siteEntries: undefined,
    mapSelection: undefined,
    flySeq: undefined,
    fitSeq: undefined,
  };

  constructor({ container, store, describeParcel, translate }: MapControllerOptions) {
    this.store = store;
    this.describeParcel = describeParcel;
    this.translate = translate;
    const origin = window.location.origin;
    // maplibre-gl 6 looks for its worker next to its own file, which a bundle does not have.
    setWorkerUrl(`${origin}/vendor/maplibre-gl-worker.mjs?v=${getVersion()}`);
    const { baseMapStyleUrl } = runtimeConfig();
    const style: string | StyleSpecification =
      baseMapStyleUrl ?? baseMapStyle(origin, translate('map.attribution.base'));
    // The camera starts at the view in the store (the start view, or a replayed one); a fly-to already in
    // the store is not replayed.
    const { center, zoom, pitch, bearing, flyTo, fitTo } = store.getState().map;
    this.applied.flySeq = flyTo?.seq;
    this.applied.fitSeq = fitTo?.seq;
    registerSharedTiles();
    this.map = new MapLibreMap({
      container,
      style,
      center,
      zoom,
      pitch,
      bearing,
      maxPitch: MAP_MAX_PITCH,
      attributionControl: false,
      transformRequest: (url) => this.withBearer(url),
      // Under WebDriver labels and tiles appear without their fade (maplibre's default elsewhere): in the browser
      // tests' software WebGL each fade frame costs a tenth of a second of CPU, and the tests look at the settled
      // map (ADR 074).
      ...(navigator.webdriver === true ? { fadeDuration: 0 } : {}),
    });
    if (navigator.webdriver === true) drawSettledFramesOnly(this.map);
    this.map.addControl(new NavigationControl({ visualizePitch: true }), 'top-right');
    this.map.addControl(new FullscreenControl(), 'top-right');
    this.map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-right');
    this.map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
    this.popup = new Popup({ closeButton: false, closeOnClick: false, offset: 8 });

    this.map.on('load', () => this.onLoad());
    this.map.on('moveend', () => this.onMoveEnd());
    this.map.on('zoom', () => this.refreshBubbles());
    this.map.on('mousemove', (event) => publishCursor([event.lngLat.lng, event.lngLat.lat]));
    this.map.on('mouseout', () => publishCursor(null));
    this.map.on('idle', () => {
      container.setAttribute('data-map-idle', 'true');
      if (navigator.webdriver === true) this.reportBubbles(container);
    });
    this.map.on('movestart', () => container.setAttribute('data-map-idle', 'false'));
    // Tile errors are only logged (spec §8).
    this.map.on('error', (event) => console.warn('map:', event.error?.message ?? event));
  }

  /** Vector tiles of the main server carry the main-server token (spec §7). */
  private withBearer(url: string): RequestParameters {
    const token = this.store.getState().session.mainToken?.value;
    const secure = url.startsWith(`${runtimeConfig().mainUrl}/v1/secure/`);
    return secure && token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
  }

  private onLoad(): void {
    const { mainUrl } = runtimeConfig();
    this.map.addSource(SOURCES.clusters, { type: 'geojson', data: clusterFeatures() });
    this.map.addSource(SOURCES.allAround, {
      type: 'vector',
      tiles: [mainTileUrl(mainUrl, 'maps/all-around')],
      minzoom: PARCEL_MIN_ZOOM,
      maxzoom: 16,
    });
    this.map.addSource(SOURCES.matching, {
      type: 'vector',
      tiles: [mainTileUrl(mainUrl, 'maps/tile')],
      minzoom: PARCEL_MIN_ZOOM,
      maxzoom: 16,
    });
    this.map.addSource(SOURCES.objects, {
      type: 'vector',
      tiles: [mainTileUrl(mainUrl, 'maps/objects')],
      minzoom: OBJECT_MIN_ZOOM,
      maxzoom: 16,
    });
    for (const layer of PARCEL_LAYERS) this.map.addLayer(layer);
    this.measure = new MeasureLayer(this.map);
    this.printFrame = new PrintFrameLayer(this.map);
    this.listed = new ListHighlightLayer(this.map);
    this.selectTool = new MapSelectTool(this.map, this.store, [
      PARCEL_LAYER_IDS.matchingFill,
      PARCEL_LAYER_IDS.allAroundFill,
    ]);
    this.map.on('click', (event) => {
      // The second click of a double-click places no second point on top of the first.
      if (selectMeasuring(this.store.getState()) && event.originalEvent.detail < 2)
        this.store.dispatch(measurePointAdded([event.lngLat.lng, event.lngLat.lat]));
    });
    this.map.on('dblclick', (event) => {
      if (!selectMeasuring(this.store.getState())) return;
      // A double-click finishes the measurement; the map must not zoom in as well.
      event.preventDefault();
      this.store.dispatch(measureFinished());
    });
    this.layers = new LayerController({
      map: this.map,
      store: this.store,
      anchors: { top: PARCEL_LAYER_IDS.selected, bottom: PARCEL_LAYER_IDS.allAroundFill },
      translate: this.translate,
    });

    for (const layer of [PARCEL_LAYER_IDS.matchingFill, PARCEL_LAYER_IDS.allAroundFill]) {
      this.map.on('click', layer, (event) => this.onParcelClick(event));
      this.map.on('mousemove', layer, (event) => this.onParcelHover(event));
      this.map.on('mouseleave', layer, () => this.endHover());
    }
    this.map.on('click', PARCEL_LAYER_IDS.clusterCircles, (event) => this.onClusterClick(event));
    // A shift-click starts the box zoom, which swallows the click and ends as "boxzoomcancel" when the
    // pointer did not move: that is the shift-click that adds a parcel to a site.
    this.map.on('boxzoomcancel', (event: { originalEvent?: Event }) =>
      this.onShiftClick(event.originalEvent),
    );
    this.map.on('mouseenter', PARCEL_LAYER_IDS.clusterCircles, () => this.setCursor('pointer'));
    this.map.on('mouseleave', PARCEL_LAYER_IDS.clusterCircles, () => this.setCursor(''));

    this.apply(this.store.getState());
    this.unsubscribe = this.store.subscribe(() => this.apply(this.store.getState()));
  }

  /** Applies what changed in the store since the last call. */
  private apply(state: RootState): void {
    const { active } = state.search;
    const { selectedParcelId } = state.parcel;
    const { flyTo, fitTo } = state.map;
    this.measure?.apply(state.measure);
    this.printFrame?.apply(state.print.frame);
    this.selectTool?.apply();
    const listExtent = this.listed?.apply(state);
    if (listExtent) {
      const [west, south, east, north] = listExtent;
      this.afterMove(() => this.fit({ bounds: [west, south, east, north], minZoom: 0 }));
    }
    if (active !== this.applied.active) {
      this.applied.active = active;
      this.showMatching(active);
    }
    const results = active ? searchApi.endpoints.searchParcels.select(active)(state).data : undefined;
    if (results !== this.applied.results) {
      this.applied.results = results;
      const buckets = results?.aggregations.byLocation.buckets ?? [];
      this.clusters = new SearchClusters(buckets, CLUSTER_MIN_ZOOM, CLUSTER_MAX_ZOOM);
      this.refreshBubbles(true);
    }
    const siteEntries = selectSiteEntries(state);
    if (siteEntries !== this.applied.siteEntries) {
      this.applied.siteEntries = siteEntries;
      const filter = siteFilter(siteEntries.map((entry) => entry.egrid));
      this.map.setFilter(PARCEL_LAYER_IDS.siteFill, filter);
      this.map.setFilter(PARCEL_LAYER_IDS.siteLine, filter);
    }
    const mapSelection = selectMapSelection(state);
    if (mapSelection !== this.applied.mapSelection) {
      this.applied.mapSelection = mapSelection;
      const filter = siteFilter((mapSelection ?? []).map((parcel) => parcel.prcId));
      this.map.setFilter(PARCEL_LAYER_IDS.mapSelectionFill, filter);
      this.map.setFilter(PARCEL_LAYER_IDS.mapSelectionLine, filter);
    }
    if (selectedParcelId !== this.applied.selectedId) {
      this.applied.selectedId = selectedParcelId;
      this.map.setFilter(PARCEL_LAYER_IDS.selected, selectedFilter(selectedParcelId));
    }
    if (flyTo && flyTo.seq !== this.applied.flySeq) {
      this.applied.flySeq = flyTo.seq;
      // A fit still waiting for the move under way must not pull the camera away from where the user asked.
      this.fitsOvertakenThrough = this.applied.fitSeq ?? 0;
      const camera = { center: flyTo.center, zoom: flyTo.zoom, pitch: flyTo.pitch, bearing: flyTo.bearing };
      if (flyTo.instant) this.map.jumpTo(camera);
      else
        this.map.flyTo({
          center: flyTo.center,
          zoom: flyTo.zoom,
          pitch: flyTo.pitch,
          bearing: flyTo.bearing,
          padding: { top: 0, bottom: 0, left: 0, right: flyTo.besideDrawer ? DRAWER_WIDTH : 0 },
        });
    }
    if (fitTo && fitTo.seq !== this.applied.fitSeq) {
      this.applied.fitSeq = fitTo.seq;
      // After any flight under way, not instead of it; dropped when a later flight (a card) overtook it.
      this.afterMove(() => {
        if (fitTo.seq > this.fitsOvertakenThrough) this.fit(fitTo);
      });
    }
  }

  /** Runs now when the camera stands still, else once the current move ends. */
  private afterMove(action: () => void): void {
    if (this.map.isMoving()) this.map.once('moveend', action);
    else action();
  }

  /**
   * Fits the camera to an extent; a point-sized one (one parcel) zooms to where parcels show. An extent
   * that fits only below the request's minimum zoom shows its focus at that zoom instead.
   */
  private fit({ bounds: [west, south, east, north], minZoom = 0, focus }: Omit<FitToRequest, 'seq'>): void {
    if (west === east && south === north) {
      this.map.easeTo({ center: [west, south], zoom: Math.max(this.map.getZoom(), PARCEL_MIN_ZOOM) });
      return;
    }
    const camera = this.map.cameraForBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: FIT_PADDING, maxZoom: 17 },
    );
    if (camera?.zoom !== undefined && camera.zoom < minZoom) {
      this.map.easeTo({ center: focus ?? [(west + east) / 2, (south + north) / 2], zoom: minZoom });
      return;
    }
    this.map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: FIT_PADDING, maxZoom: 17, pitch: this.map.getPitch(), bearing: this.map.getBearing() },
    );
  }

  /** The bubbles merge anew at each whole zoom level (supercluster's levels). */
  private refreshBubbles(force = false): void {
    const zoom = Math.floor(this.map.getZoom());
    if (!force && zoom === this.bubbleZoom) return;
    this.bubbleZoom = zoom;
    const source = this.map.getSource<GeoJSONSource>(SOURCES.clusters);
    void source?.setData(this.clusters ? this.clusters.bubbles(zoom) : clusterFeatures());
  }

  /**
   * Browser tests read the drawn count bubbles as "x,y,radius count" (screen px) to check that none
   * overlaps another; querying rendered features costs, so only there.
   */
  private reportBubbles(container: HTMLElement): void {
    const layers = [PARCEL_LAYER_IDS.clusterCircles].filter((id) => this.map.getLayer(id));
    const drawn = layers.length > 0 ? this.map.queryRenderedFeatures({ layers }) : [];
    const bubbles = drawn.flatMap((feature) => {
      if (feature.geometry.type !== 'Point') return [];
      const count = Number(feature.properties?.count);
      const { x, y } = this.map.project(feature.geometry.coordinates as [number, number]);
      return [`${Math.round(x)},${Math.round(y)},${Math.round(bubbleRadiusPx(count))} ${count}`];
    });
    container.setAttribute('data-bubbles', bubbles.join(';'));
  }

  private onMoveEnd(): void {
    if (this.pendingMatchingTiles !== null) {
      this.map.getSource<VectorTileSource>(SOURCES.matching)?.setTiles([this.pendingMatchingTiles]);
      this.pendingMatchingTiles = null;
    }
    this.reportView();
  }

  /** The matching parcels follow the search's filters; with no search only the surroundings show. */
  private showMatching(active: ActiveSearch | null): void {
    const visibility = active ? 'visible' : 'none';
    for (const layer of MATCHING_LAYERS) this.map.setLayoutProperty(layer, 'visibility', visibility);
    if (!active) return;
    const url = mainTileUrl(runtimeConfig().mainUrl, 'maps/tile', queryStringFromSearch(active.criteria));
    // A new tile URL reloads every tile of the source: mid-flight that aborts and re-requests each one
    // the camera passes, so it waits for the camera to stop.
    if (this.map.isMoving()) {
      this.pendingMatchingTiles = url;
      return;
    }
    this.pendingMatchingTiles = null;
    this.map.getSource<VectorTileSource>(SOURCES.matching)?.setTiles([url]);
  }

  private onParcelClick(event: MapLayerMouseEvent): void {
    if (selectMeasuring(this.store.getState())) return;
    const feature = event.features?.[0];
    const id = parcelId(feature);
    if (!id) return;
    // Shift-click (or any click while "Build a site" is on, where there is no shift) assembles a site.
    if (event.originalEvent.shiftKey || selectSiteBuilding(this.store.getState())) {
      this.store.dispatch(
        siteParcelToggled({ egrid: id, number: String(feature?.properties?.PRC_NO ?? '') }),
      );
      return;
    }
    this.store.dispatch(parcelSelected({ id }));
  }

  private onShiftClick(event: Event | undefined): void {
    if (!(event instanceof MouseEvent) || selectMeasuring(this.store.getState())) return;
    const canvas = this.map.getCanvas().getBoundingClientRect();
    const layers = [PARCEL_LAYER_IDS.matchingFill, PARCEL_LAYER_IDS.allAroundFill].filter((id) =>
      this.map.getLayer(id),
    );
    const [feature] = this.map.queryRenderedFeatures(
      [event.clientX - canvas.left, event.clientY - canvas.top],
      {
        layers,
      },
    );
    const id = parcelId(feature);
    if (id)
      this.store.dispatch(siteParcelToggled({ egrid: id, number: String(feature.properties?.PRC_NO ?? '') }));
  }

  /**
   * The popup shows once the pointer has rested on a parcel for 388 ms (spec §9): its number and place
   * from the tile at once, then its address, area and zone from the free summary call.
   */
  private onParcelHover(event: MapLayerMouseEvent): void {
    // While measuring, clicks place points: no parcel popup, the crosshair stays.
    if (selectMeasuring(this.store.getState())) return;
    // "Select on map" keeps its crosshair over parcels.
    if (!selectMapSelecting(this.store.getState())) this.setCursor('pointer');
    const feature = event.features?.[0];
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
    this.hoverSeq += 1;
    this.popup.remove();
    if (!feature) return;
    const { lngLat } = event;
    const properties = feature.properties ?? {};
    const id = parcelId(feature);
    const seq = this.hoverSeq;
    this.hoverTimer = setTimeout(() => {
      this.hoverTimer = null;
      this.showPopup(lngLat, this.describeParcel(properties));
      if (id) void this.fillPopupSummary(id, properties, seq);
    }, HOVER_POPUP_MS);
  }

  private async fillPopupSummary(
    id: string,
    properties: Record<string, unknown>,
    seq: number,
  ): Promise<void> {
    const request = this.store.dispatch(parcelApi.endpoints.getParcelSummary.initiate(id));
    try {
      const { data } = await request;
      if (data && seq === this.hoverSeq && this.popup.isOpen()) {
        this.showPopup(this.popup.getLngLat(), this.describeParcel(properties, data));
      }
    } finally {
      request.unsubscribe();
    }
  }

  /** The popup's lines as text nodes (never HTML): the first one bold. */
  private showPopup(lngLat: LngLatLike, lines: string[]): void {
    const content = document.createElement('div');
    content.className = 'parcel-popup';
    content.dataset.testid = 'parcel-popup';
    lines.forEach((line, index) => {
      const element = document.createElement(index === 0 ? 'strong' : 'div');
      element.textContent = line;
      content.append(element);
    });
    this.popup.setLngLat(lngLat).setDOMContent(content).addTo(this.map);
  }

  private endHover(): void {
    const state = this.store.getState();
    if (!selectMeasuring(state) && !selectMapSelecting(state)) this.setCursor('');
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
    this.hoverTimer = null;
    this.hoverSeq += 1;
    this.popup.remove();
  }

  /** A count bubble zooms to the extent of the municipalities it holds. */
  private onClusterClick(event: MapLayerMouseEvent): void {
    if (selectMeasuring(this.store.getState())) return;
    const feature = event.features?.[0];
    if (!feature || feature.geometry.type !== 'Point') return;
    const extent = bubbleExtent(feature.properties ?? {});
    if (extent) this.fit({ bounds: extent });
  }

  /**
   * The view as the map reports it. The centre is the one of the whole canvas: a flight beside the drawer
   * leaves a right padding in the camera, and a shared link opened without it must show the same place.
   */
  private reportView(): void {
    const { left, right, top, bottom } = this.map.getPadding();
    const canvas = this.map.getCanvas();
    const center =
      left || right || top || bottom
        ? this.map.unproject([canvas.clientWidth / 2, canvas.clientHeight / 2])
        : this.map.getCenter();
    this.store.dispatch(
      mapViewChanged({
        zoom: this.map.getZoom(),
        center: [center.lng, center.lat],
        pitch: this.map.getPitch(),
        bearing: this.map.getBearing(),
      }),
    );
  }

  private setCursor(cursor: string): void {
    this.map.getCanvas().style.cursor = cursor;
  }

  destroy(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.layers?.destroy();
    this.selectTool?.destroy();
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
    this.popup.remove();
    publishCursor(null);
    this.map.remove();
  }
}

function parcelId(feature: MapGeoJSONFeature | undefined): string | null {
  const id = feature?.properties?.PRC_ID;
  return typeof id === 'string' && id !== '' ? id : null;
}
