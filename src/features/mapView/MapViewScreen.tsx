import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { CursorReadout } from '../map/coordinates/CursorReadout';
import { LayerPanel } from '../layers/LayerPanel';
import { DemoDataBadge } from '../dataQuality/DemoDataBadge';
import { MapCanvas } from '../map/MapCanvas';
import { MeasurePanel } from '../map/measure/MeasurePanel';
import { selectMeasureMode } from '../map/measure/measureSlice';
import { ParcelDrawer } from '../parcel/ParcelDrawer';
import { AdvancedSearchDialog } from '../search/AdvancedSearchDialog';
import { BottomSheet } from './layout/BottomSheet';
import { SidePanel } from './layout/SidePanel';
import { useScreenSize } from './layout/useScreenSize';
import { MapToolbar } from './MapToolbar';
import { SearchPanel } from './SearchPanel';

/** Width of the left search panel on a desktop and on a tablet, px. */
const PANEL_WIDTH = { desktop: 360, tablet: 320 } as const;

/**
 * The map view (route `/`, spec §2): the screen that composes the search panel, the map, the parcel
 * drawer and the advanced dialog. Its query string is kept in step with the search (filters) and the
 * map (camera, parcel) by their URL sync listeners, not here.
 *
 * Three layouts by width (issue 14 item 7): a desktop's fixed side panel; a tablet's side panel that
 * folds away; a phone's full-screen map with the search in a bottom sheet and a full-screen drawer.
 * The map area is its own stacking context, so a dialog's mask covers the drawer too (item 16).
 */
export function MapViewScreen() {
  const size = useScreenSize();
  const measuring = useAppSelector(selectMeasureMode) !== 'off';
  const [panelOpen, setPanelOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
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
        style={{ flex: 1, position: 'relative', overflow: 'hidden', isolation: 'isolate', minWidth: 0 }}
      >
        <MapCanvas />
        <MapToolbar offsetTop={panelShown ? 0 : 46} />
        <MeasurePanel />
        <CursorReadout />
        {phone && (
          <BottomSheet open={sheetOpen} onToggle={() => setSheetOpen((open) => !open)}>
            {search}
          </BottomSheet>
        )}
        <LayerPanel />
        <DemoDataBadge />
        {/* After the sheet: the phone's full-screen drawer covers it. */}
        <ParcelDrawer fullScreen={phone} closeOnEscape={!measuring} />
      </div>
      <AdvancedSearchDialog />
    </div>
  );
}
