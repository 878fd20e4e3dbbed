import { DemoDataBadge } from '../dataQuality/DemoDataBadge';
import { MapCanvas } from '../map/MapCanvas';
import { ParcelDrawer } from '../parcel/ParcelDrawer';
import { AdvancedSearchDialog } from '../search/AdvancedSearchDialog';
import { SearchPanel } from './SearchPanel';

/** Width of the left search panel, px. */
const PANEL_WIDTH = 360;

/**
 * The map view (route `/`, spec §2): the screen that composes the search panel, the map, the parcel
 * drawer and the advanced dialog. Its query string is kept in step with the search by the search
 * feature's URL sync listener, not here.
 */
export function MapViewScreen() {
  return (
    <div style={{ display: 'flex', height: '100%' }}>
      <aside
        style={{ width: PANEL_WIDTH, flexShrink: 0, borderRight: '1px solid #e0e0e0', background: '#fff' }}
      >
        <SearchPanel />
      </aside>
      <div style={{ flex: 1, position: 'relative', overflow: 'hidden' }}>
        <MapCanvas />
        <DemoDataBadge />
        <ParcelDrawer />
      </div>
      <AdvancedSearchDialog />
    </div>
  );
}
