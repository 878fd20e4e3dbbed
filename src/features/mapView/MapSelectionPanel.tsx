import { BlockOutlined, BorderOutlined, GatewayOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Segmented, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { MAX_BULK_LIST_ADD } from '../../contract/ParcelLists';
import { SITE_MAX_PARCELS } from '../../contract/Sites';
import { PARCEL_MIN_ZOOM } from '../../contract/VectorTiles';
import { AddAllToListButton } from '../lists/AddToListButton';
import { selectMapZoom } from '../map/mapSlice';
import {
  mapSelectionCleared,
  mapSelectionEnded,
  mapSelectionShapeChosen,
  selectMapSelection,
  selectMapSelectionShape,
  selectRoadsLeftOut,
  type MapSelectionShape,
} from '../map/selection/mapSelectionSlice';
import { selectSiteEntries, siteParcelsAdded } from '../site/siteSlice';

/**
 * "Select on map": a box or a lasso (the shape chosen here), what it caught, and where its
 * parcels go: "Add to list" with the same list menu as a single parcel's, all of them in one request, or
 * "Add to site" (land assembly, ADR 037). Road parcels are never caught, and the panel says so. Escape
 * (outside a drag) or "Done" ends the tool.
 */
export function MapSelectionPanel() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const shape = useAppSelector(selectMapSelectionShape);
  const parcels = useAppSelector(selectMapSelection);
  const roadsLeftOut = useAppSelector(selectRoadsLeftOut);
  const siteEntries = useAppSelector(selectSiteEntries);
  const zoomedOut = useAppSelector(selectMapZoom) < PARCEL_MIN_ZOOM;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(mapSelectionEnded());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
  const count = parcels?.length ?? 0;
  const tooMany = count > MAX_BULK_LIST_ADD;
  const siteSize = new Set([...siteEntries.map((e) => e.egrid), ...(parcels ?? []).map((p) => p.prcId)]).size;
  const tooManyForSite = count > 0 && siteSize > SITE_MAX_PARCELS;
  const shapeLabel = (id: MapSelectionShape) => intl.formatMessage({ id: `mapTools.select.shape.${id}` });
  return (
    <div role="status" data-testid="map-selection-panel" className="map-tool-panel">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>
          <FormattedMessage id="mapTools.select" />
        </Typography.Text>
        <Segmented<MapSelectionShape>
          size="small"
          data-testid="map-selection-shape"
          aria-label={intl.formatMessage({ id: 'mapTools.select.shape' })}
          value={shape}
          onChange={(value) => dispatch(mapSelectionShapeChosen(value))}
          options={[
            { value: 'box', icon: <BorderOutlined />, label: shapeLabel('box') },
            { value: 'lasso', icon: <GatewayOutlined />, label: shapeLabel('lasso') },
          ]}
        />
      </Flex>
      <div data-testid="map-selection-count" style={{ margin: '4px 0 2px' }}>
        {parcels === null || count === 0 ? (
          <Typography.Text type="secondary">
            <FormattedMessage
              id={
                zoomedOut
                  ? 'mapTools.select.zoomIn'
                  : parcels === null
                    ? 'mapTools.select.hint'
                    : 'mapTools.select.none'
              }
              values={{ shape }}
            />
          </Typography.Text>
        ) : (
          <FormattedMessage id="mapTools.select.count" values={{ count }} />
        )}
      </div>
      <Typography.Text type="secondary" data-testid="map-selection-roads" style={{ fontSize: 12 }}>
        {roadsLeftOut > 0 ? (
          <FormattedMessage id="mapTools.select.roadsLeftOut" values={{ count: roadsLeftOut }} />
        ) : (
          <FormattedMessage id="mapTools.select.roadsNote" />
        )}
      </Typography.Text>
      {tooMany && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '6px 0 0' }}
          title={intl.formatMessage({ id: 'mapTools.select.tooMany' }, { max: MAX_BULK_LIST_ADD, shape })}
        />
      )}
      {tooManyForSite && !tooMany && (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }} data-testid="site-too-many">
          <FormattedMessage id="mapTools.select.siteTooMany" values={{ max: SITE_MAX_PARCELS }} />
        </Typography.Paragraph>
      )}
      <Flex gap={6} wrap style={{ marginTop: 6 }}>
        <AddAllToListButton
          prcIds={(parcels ?? []).map((p) => p.prcId)}
          from="mapSelection"
          disabled={count === 0 || tooMany}
        />
        <Button
          size="small"
          icon={<BlockOutlined />}
          disabled={count === 0 || tooManyForSite}
          data-testid="add-selection-to-site"
          onClick={() =>
            dispatch(siteParcelsAdded((parcels ?? []).map((p) => ({ egrid: p.prcId, number: p.prcNo }))))
          }
        >
          {intl.formatMessage({ id: 'mapTools.select.toSite' })}
        </Button>
        <Button size="small" disabled={count === 0} onClick={() => dispatch(mapSelectionCleared())}>
          {intl.formatMessage({ id: 'mapTools.select.clear' })}
        </Button>
        <Button size="small" onClick={() => dispatch(mapSelectionEnded())}>
          {intl.formatMessage({ id: 'mapTools.measure.done' })}
        </Button>
      </Flex>
    </div>
  );
}
