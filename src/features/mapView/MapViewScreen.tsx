import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useAppSelector } from '../../store/hooks';
import { CursorReadout } from '../map/coordinates/CursorReadout';
import { LayerPanel } from '../layers/LayerPanel';
import { DemoDataBadge } from '../dataQuality/DemoDataBadge';
import { MapCanvas } from '../map/MapCanvas';
import { selectMeasureMode } from '../map/measure/measureSlice';
import { selectMapSelecting } from '../map/selection/mapSelectionSlice';
import { selectDetailOpen } from '../parcel/parcelSlice';
import { AddToListButton } from '../lists/AddToListButton';
import { CompareButton } from '../compare/CompareButton';
import { CompareTray } from '../compare/CompareTray';
import { selectListsPanelOpen } from '../lists/listsSlice';
import { selectSavedSearchesPanelOpen } from '../savedSearches/savedSearchesSlice';
import { selectPrintDialogOpen } from '../print/printSlice';
import { DRAWER_WIDTH } from '../parcel/parcelDisplay';
import { selectDialogOpen } from '../search/searchSlice';
import { selectSiteEntries } from '../site/siteSlice';
import { BottomSheet } from './layout/BottomSheet';
import { SidePanel } from './layout/SidePanel';
import { useScreenSize } from './layout/useScreenSize';
import { MapToolbar } from './MapToolbar';
import { MapSelectionPanel } from './MapSelectionPanel';
import { SearchPanel } from './SearchPanel';
import { useOnceTrue } from './useOnceTrue';
import './mapView.css';

// Chunks of their own, loaded when first opened: a cold map route downloads neither (ADR 008).
const ParcelDrawer = lazy(async () => ({
  default: (await import(/* webpackChunkName: "parcel-drawer" */ '../parcel/ParcelDrawer')).ParcelDrawer,
}));
// The measure tool computes in LV95 (proj4, ~40 KB): loaded when a measurement starts.
const MeasurePanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "measure" */ '../map/measure/MeasurePanel')).MeasurePanel,
}));
const SavedSearchesPanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "saved-searches" */ '../savedSearches/SavedSearchesPanel'))
    .SavedSearchesPanel,
}));
const ListsPanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lists" */ '../lists/ListsPanel')).ListsPanel,
}));
// The print dialog converts to LV95 (proj4) too: loaded when first opened.
const MapPrintDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "map-print" */ '../print/MapPrintDialog')).MapPrintDialog,
}));
// Land assembly: loaded when the first parcel joins a site.
const SitePanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "site" */ '../site/SitePanel')).SitePanel,
}));
const AdvancedSearchDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "advanced-search" */ '../search/AdvancedSearchDialog'))
    .AdvancedSearchDialog,
}));

/** Width of the left search panel on a desktop and on a tablet, px. */
const PANEL_WIDTH = { desktop: 360, tablet: 320 } as const;

/**
 * The map view (route `/`, spec §2): the screen that composes the search panel, the map, the parcel
 * drawer and the advanced dialog. Its query string (filters, camera, parcel, site, layers) is kept in step
 * by the URL-state table's listener (features/urlState), not here.
 *
 * Three layouts by width: a desktop's fixed side panel; a tablet's side panel that
 * folds away; a phone's full-screen map with the search in a bottom sheet and a full-screen drawer.
 * The map area is its own stacking context, so a dialog's mask covers the drawer too.
 */
export function MapViewScreen() {
  const size = useScreenSize();
  const measuring = useAppSelector(selectMeasureMode) !== 'off';
  const selecting = useAppSelector(selectMapSelecting);
  const [panelOpen, setPanelOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const detailOpen = useAppSelector(selectDetailOpen);
  const drawerWanted = useOnceTrue(detailOpen);
  const dialogWanted = useOnceTrue(useAppSelector(selectDialogOpen));
  const listsWanted = useOnceTrue(useAppSelector(selectListsPanelOpen));
  const savedSearchesWanted = useOnceTrue(useAppSelector(selectSavedSearchesPanelOpen));
  const printWanted = useOnceTrue(useAppSelector(selectPrintDialogOpen));
  const siteWanted = useAppSelector(selectSiteEntries).length > 0;
  const phone = size === 'phone';
  const panelShown = phone || size === 'desktop' || panelOpen;
  const search = <SearchPanel onOpenParcel={phone ? () => setSheetOpen(false) : undefined} />;
  return (
    <div
      data-testid="map-view"
      data-layout={size}
      style={{ display: 'flex', height: '100%', position: 'relative', overflow: 'hidden' }}
    >
      {!phone && (
        <SidePanel
          width={PANEL_WIDTH[size === 'tablet' ? 'tablet' : 'desktop']}
          collapsible={size === 'tablet'}
          open={panelOpen}
          onToggle={() => setPanelOpen((open) => !open)}
        >
          {search}
        </SidePanel>
      )}
      <div
        data-testid="map-area"
        className="map-area"
        // Beside the drawer the map's right-hand controls move left of it (mapView.css).
        data-drawer-open={detailOpen && !phone}
        style={
          {
            flex: 1,
            position: 'relative',
            overflow: 'hidden',
            isolation: 'isolate',
            minWidth: 0,
            '--drawer-offset': `${DRAWER_WIDTH}px`,
          } as CSSProperties
        }
      >
        <MapCanvas />
        <MapToolbar offsetTop={panelShown ? 0 : 46} />
        {measuring && (
          <Suspense fallback={null}>
            <MeasurePanel />
          </Suspense>
        )}
        {selecting && !measuring && <MapSelectionPanel />}
        <CursorReadout />
        {/* The phone's full-screen detail hides the sheet rather than letting its handle show through. */}
        {phone && !detailOpen && (
          <BottomSheet open={sheetOpen} onToggle={() => setSheetOpen((open) => !open)}>
            {search}
          </BottomSheet>
        )}
        <LayerPanel />
        <DemoDataBadge />
        <CompareTray />
        {siteWanted && (
          <Suspense fallback={null}>
            <SitePanel />
          </Suspense>
        )}
        {/* After the sheet: the phone's full-screen drawer covers it. */}
        {drawerWanted && (
          <Suspense fallback={null}>
            <ParcelDrawer
              fullScreen={phone}
              closeOnEscape={!measuring && !selecting}
              renderActions={(prcId, prcNo) => (
                <div style={{ marginBottom: 12, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                  <AddToListButton prcId={prcId} withLabel />
                  <CompareButton egrid={prcId} number={prcNo} withLabel />
                </div>
              )}
            />
          </Suspense>
        )}
        {listsWanted && (
          <Suspense fallback={null}>
            <ListsPanel fullScreen={phone} />
          </Suspense>
        )}
        {savedSearchesWanted && (
          <Suspense fallback={null}>
            <SavedSearchesPanel fullScreen={phone} />
          </Suspense>
        )}
      </div>
      {printWanted && (
        <Suspense fallback={null}>
          <MapPrintDialog />
        </Suspense>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <AdvancedSearchDialog />
        </Suspense>
      )}
    </div>
  );
}
