import { Drawer } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ListOverview } from './ListOverview';
import { ListView } from './ListView';
import { listsPanelToggled, selectListsPanelOpen, selectOpenListId } from './listsSlice';
import './lists.css';

/** Width of the Lists panel beside the map, px. */
const LISTS_PANEL_WIDTH = 400;

/**
 * The Lists panel over the map's left side: all lists, or the open one (whose parcels the map
 * highlights). On a phone it covers the map area.
 */
export function ListsPanel({ fullScreen = false }: { fullScreen?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectListsPanelOpen);
  const listId = useAppSelector(selectOpenListId);
  return (
    <Drawer
      open={open}
      placement="left"
      mask={false}
      size={fullScreen ? '100%' : LISTS_PANEL_WIDTH}
      zIndex={11}
      getContainer={false}
      onClose={() => dispatch(listsPanelToggled(false))}
      title={intl.formatMessage({ id: 'lists.title' })}
      closable={{ 'aria-label': intl.formatMessage({ id: 'lists.close' }) }}
      data-testid="lists-panel"
      styles={{ body: { padding: 12 } }}
    >
      {listId ? <ListView listId={listId} /> : <ListOverview />}
    </Drawer>
  );
}
