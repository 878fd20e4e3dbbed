import {
  BlockOutlined,
  BorderOutlined,
  ColumnWidthOutlined,
  LinkOutlined,
  PrinterOutlined,
  SelectOutlined,
  StarOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { measureModeToggled, selectMeasureMode } from '../map/measure/measureSlice';
import { listsPanelToggled, selectListsPanelOpen } from '../lists/listsSlice';
import { savedSearchesPanelToggled, selectSavedSearchesPanelOpen } from '../savedSearches/savedSearchesSlice';
import { printDialogToggled, selectPrintDialogOpen } from '../print/printSlice';
import { useCopyPageLink } from '../ui/useCopyPageLink';
import { selectSiteBuilding, siteBuildingToggled } from '../site/siteSlice';
import { mapSelectionToggled, selectMapSelecting } from '../map/selection/mapSelectionSlice';

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { label, icon, active, onClick, testId } = props;
  return (
    <Tooltip title={label} placement="right">
      <Button
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        type={active ? 'primary' : 'default'}
        onClick={onClick}
        data-testid={testId}
        style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.25)' }}
      />
    </Tooltip>
  );
}

/**
 * The map's own tools, top left over the map: measure a distance, measure an
 * area, select parcels on the map for a list, open the Lists panel, copy a link to this exact screen (filters, camera and open parcel are all in the URL),
 * print the map to scale.
 * `offsetTop` leaves room above for the folded side panel's search button.
 */
export function MapToolbar({ offsetTop = 0 }: { offsetTop?: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectMeasureMode);
  const listsOpen = useAppSelector(selectListsPanelOpen);
  const savedSearchesOpen = useAppSelector(selectSavedSearchesPanelOpen);
  const printOpen = useAppSelector(selectPrintDialogOpen);
  const buildingSite = useAppSelector(selectSiteBuilding);
  const selecting = useAppSelector(selectMapSelecting);
  const label = (id: string) => intl.formatMessage({ id });
  const copyLink = useCopyPageLink('mapTools.copyLink.done');
  return (
    <Flex
      vertical
      gap={6}
      role="toolbar"
      aria-label={label('mapTools.label')}
      style={{ position: 'absolute', top: 10 + offsetTop, left: 10, zIndex: 3 }}
    >
      <ToolButton
        label={label('mapTools.measure.distance')}
        icon={<ColumnWidthOutlined />}
        active={mode === 'distance'}
        onClick={() => dispatch(measureModeToggled('distance'))}
        testId="measure-distance"
      />
      <ToolButton
        label={label('mapTools.measure.area')}
        icon={<BorderOutlined />}
        active={mode === 'area'}
        onClick={() => dispatch(measureModeToggled('area'))}
        testId="measure-area"
      />
      <ToolButton
        label={label('mapTools.select')}
        icon={<SelectOutlined />}
        active={selecting}
        onClick={() => dispatch(mapSelectionToggled())}
        testId="map-select"
      />
      <ToolButton
        label={label('lists.title')}
        icon={<UnorderedListOutlined />}
        active={listsOpen}
        onClick={() => dispatch(listsPanelToggled())}
        testId="lists-toggle"
      />
      <ToolButton
        label={label('savedSearches.title')}
        icon={<StarOutlined />}
        active={savedSearchesOpen}
        onClick={() => dispatch(savedSearchesPanelToggled())}
        testId="saved-searches-toggle"
      />
      <ToolButton
        label={label('mapTools.copyLink')}
        icon={<LinkOutlined />}
        onClick={() => void copyLink()}
        testId="copy-link"
      />
      <ToolButton
        label={label('mapTools.print')}
        icon={<PrinterOutlined />}
        active={printOpen}
        onClick={() => dispatch(printDialogToggled(!printOpen))}
        testId="print-map"
      />
      <ToolButton
        label={label('site.tool.build')}
        icon={<BlockOutlined />}
        active={buildingSite}
        onClick={() => dispatch(siteBuildingToggled())}
        testId="site-build"
      />
    </Flex>
  );
}
