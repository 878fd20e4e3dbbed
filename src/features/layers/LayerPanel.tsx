import { BlockOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PALETTE } from '../../theme/palette';
import { layerPanelToggled, selectLayerPanelOpen, selectLayersOn } from './layersSlice';
import './layerPanel.css';

const LayerPanelSection = lazy(async () => ({
  default: (await import(/* webpackChunkName: "layer-panel" */ './LayerPanelSection')).LayerPanelSection,
}));

/**
 * The layer panel of the map view (spec §2): a toggle button on the map and, when open, the sixteen
 * layers of spec §1 in their groups, each with an on/off switch; a switched-on layer shows its opacity,
 * its legend (which can be hidden) with source and date, and an inline error if it failed.
 */
export function LayerPanel() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectLayerPanelOpen);
  const count = useAppSelector(selectLayersOn).length;
  return (
    <>
      <Badge count={count} size="small" className="layer-panel-toggle" color={PALETTE.accent}>
        <Button
          icon={<BlockOutlined />}
          aria-expanded={open}
          aria-controls="layer-panel"
          onClick={() => dispatch(layerPanelToggled())}
          data-testid="layer-panel-toggle"
        >
          <FormattedMessage id="layers.toggle" />
        </Button>
      </Badge>
      {open ? (
        <Suspense fallback={null}>
          <LayerPanelSection />
        </Suspense>
      ) : null}
    </>
  );
}
