import { EyeInvisibleOutlined, EyeOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Slider, Spin, Switch, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/storeTypes';
import { MAP_LAYER_GROUP_MEMBERS, MAP_LAYER_GROUPS, type MapLayerId } from '../../contract/MapLayers';
import { layerOffered } from './outsideServices';
import { LayerLegend, LayerSourceLine, LayerSourceName } from './LayerLegend';
import {
  layerOpacityChanged,
  layerPanelToggled,
  layerSwitched,
  legendToggled,
  selectLayerOpacity,
  selectLayersOn,
  selectLayerStatus,
  selectLayerStyle,
  selectLegendShown,
} from './layersSlice';

/** The map's zoom as the map reports it (read from the store; the map feature is not imported here). */
const selectZoom = (state: RootState) => state.map.zoom;

/** What shows under a switched-on layer: status, zoom hint, opacity, legend and its source. */
function LayerDetails({ id, name }: { id: MapLayerId; name: string }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const style = useAppSelector((state) => selectLayerStyle(state, id));
  const status = useAppSelector((state) => selectLayerStatus(state, id));
  const opacity = useAppSelector((state) => selectLayerOpacity(state, id));
  const legendShown = useAppSelector((state) => selectLegendShown(state, id));
  const zoom = useAppSelector(selectZoom);
  const on = useAppSelector(selectLayersOn);
  if (status?.state === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        data-testid={`layer-error-${id}`}
        title={
          style ? (
            // The style came, its tiles did not: the source is out of reach (offline, firewall). The
            // engine's raw "AJAXError: Failed to fetch (0): https://…" says nothing to a user.
            <FormattedMessage
              id="layers.unreachable"
              values={{ source: <LayerSourceName source={style.about.source} /> }}
            />
          ) : (
            <FormattedMessage id="layers.error" values={{ message: status.message }} />
          )
        }
      />
    );
  }
  if (!style) return <Spin size="small" data-testid={`layer-loading-${id}`} />;
  return (
    <Flex vertical gap={4}>
      {zoom < style.minzoom ? (
        <Typography.Text type="warning" role="status" data-testid={`layer-zoom-hint-${id}`}>
          <FormattedMessage id="layers.zoomIn" />
        </Typography.Text>
      ) : null}
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
          <FormattedMessage id="layers.opacity" />
        </Typography.Text>
        <Slider
          style={{ flex: 1, margin: '6px 4px' }}
          min={0}
          max={100}
          value={Math.round(opacity * 100)}
          onChange={(value) => dispatch(layerOpacityChanged({ id, opacity: value / 100 }))}
          tooltip={{ formatter: (value) => `${value ?? 0} %` }}
          ariaLabelForHandle={intl.formatMessage({ id: 'layers.opacityOf' }, { layer: name })}
        />
      </Flex>
      {style.legend ? (
        <>
          <Button
            type="link"
            size="small"
            style={{ alignSelf: 'flex-start', padding: 0 }}
            icon={legendShown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-expanded={legendShown}
            onClick={() => dispatch(legendToggled(id))}
          >
            <FormattedMessage id={legendShown ? 'layers.legend.hide' : 'layers.legend.show'} />
          </Button>
          {legendShown && style.swap && on.includes(style.swap.with) ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FormattedMessage
                id="layers.legend.swapped"
                values={{ layer: intl.formatMessage({ id: `layers.name.${style.swap.with}` }) }}
              />
            </Typography.Text>
          ) : legendShown ? (
            <LayerLegend style={style} />
          ) : null}
        </>
      ) : null}
      <LayerSourceLine style={style} />
    </Flex>
  );
}

function LayerRow({ id }: { id: MapLayerId }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const on = useAppSelector(selectLayersOn).includes(id);
  const name = intl.formatMessage({ id: `layers.name.${id}` });
  return (
    <div className="layer-row" data-testid={`layer-row-${id}`}>
      <Flex align="center" gap={10}>
        <Switch
          size="small"
          checked={on}
          aria-label={name}
          onChange={(checked) => dispatch(layerSwitched({ id, on: checked }))}
        />
        <Typography.Text strong={on}>{name}</Typography.Text>
      </Flex>
      {on ? (
        <div className="layer-row-details">
          <LayerDetails id={id} name={name} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The open layer panel: the sixteen layers (spec §1 and the building reserve) in their groups (switches, opacity sliders, legends).
 * A chunk of its own, loaded when the panel first opens: a cold map route does not download it.
 */
export function LayerPanelSection() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  return (
    <section
      id="layer-panel"
      className="layer-panel"
      aria-label={intl.formatMessage({ id: 'layers.title' })}
      data-testid="layer-panel"
    >
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <FormattedMessage id="layers.title" />
        </Typography.Title>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={intl.formatMessage({ id: 'layers.close' })}
          onClick={() => dispatch(layerPanelToggled(false))}
        />
      </Flex>
      {MAP_LAYER_GROUPS.map((group) => ({
        group,
        offered: MAP_LAYER_GROUP_MEMBERS[group].filter((id) => layerOffered(id)),
      }))
        .filter(({ offered }) => offered.length > 0)
        .map(({ group, offered }) => (
          <div key={group} role="group" aria-labelledby={`layer-group-${group}`}>
            <div className="layer-panel-group" id={`layer-group-${group}`}>
              <FormattedMessage id={`layers.group.${group}`} />
            </div>
            {offered.map((id) => (
              <LayerRow key={id} id={id} />
            ))}
          </div>
        ))}
    </section>
  );
}
