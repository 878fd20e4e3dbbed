import { Alert, Button, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MAX_BULK_LIST_ADD } from '../../contract/ParcelLists';
import { PARCEL_MIN_ZOOM } from '../../contract/VectorTiles';
import { AddAllToListButton } from '../lists/AddToListButton';
import { selectMapZoom } from '../map/mapSlice';
import {
  mapSelectionCleared,
  mapSelectionEnded,
  selectMapSelection,
} from '../map/selection/mapSelectionSlice';

/**
 * "Select on map" (issue 29): what the box drawn on the map caught, and "Add to list" with the same list
 * menu as a single parcel's, for all of them in one request. Escape or "Done" ends the tool.
 */
export function MapSelectionPanel() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const parcels = useAppSelector(selectMapSelection);
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
  return (
    <div role="status" data-testid="map-selection-panel" className="map-tool-panel">
      <Typography.Text strong>
        <FormattedMessage id="mapTools.select" />
      </Typography.Text>
      <div data-testid="map-selection-count" style={{ margin: '2px 0 6px' }}>
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
            />
          </Typography.Text>
        ) : (
          <FormattedMessage id="mapTools.select.count" values={{ count }} />
        )}
      </div>
      {tooMany && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 6 }}
          title={intl.formatMessage({ id: 'mapTools.select.tooMany' }, { max: MAX_BULK_LIST_ADD })}
        />
      )}
      <Flex gap={6} wrap>
        <AddAllToListButton prcIds={(parcels ?? []).map((p) => p.prcId)} disabled={count === 0 || tooMany} />
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
