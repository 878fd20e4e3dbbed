import { MapCanvas } from '../map/MapCanvas';
import { ParcelDrawer } from '../parcel/ParcelDrawer';
import { AdvancedSearchDialog } from './AdvancedSearchDialog';
import { SearchPanel } from './SearchPanel';
import { useSearchUrlSync } from './useSearchUrlSync';

/** Width of the left search panel, px. */
const PANEL_WIDTH = 360;

/** The map view (route `/`, spec §2): search panel, map, parcel drawer and the advanced dialog. */
export function MapViewScreen() {
  useSearchUrlSync();
  return (
    <div style={{ display: 'flex', height: '100%' }}>
      <aside
        style={{ width: PANEL_WIDTH, flexShrink: 0, borderRight: '1px solid #e0e0e0', background: '#fff' }}
      >
        <SearchPanel />
      </aside>
      <div style={{ flex: 1, position: 'relative', overflow: 'hidden' }}>
        <MapCanvas />
        <ParcelDrawer />
      </div>
      <AdvancedSearchDialog />
    </div>
  );
}
