import { Button, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { formatLv95Value } from '../../../lib/geo/lv95Format';
import { areaInSquareMetres, lengthInMetres, perimeterInMetres } from '../../../lib/geo/measure';
import { measureEnded, measurePointRemoved, selectMeasureMode, selectMeasurePoints } from './measureSlice';

/** Metres with one decimal below 10 km, else kilometres ("1'234.5 m", "12.35 km"). */
export function formatDistance(metres: number): string {
  return metres < 10_000 ? `${formatLv95Value(metres, 1)} m` : `${formatLv95Value(metres / 1000, 2)} km`;
}

/** Square metres below 10 ha, then hectares as well ("8'431 m²", "152'300 m² (15.23 ha)"). */
export function formatArea(squareMetres: number): string {
  const m2 = `${formatLv95Value(squareMetres, 0)} m²`;
  return squareMetres < 100_000 ? m2 : `${m2} (${formatLv95Value(squareMetres / 10_000, 2)} ha)`;
}

/**
 * The measure tool's read-out over the map: the distance along the clicked points, or
 * the area and perimeter they outline, in LV95 metres; undo the last point, clear, finish with Esc.
 */
export function MeasurePanel() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectMeasureMode);
  const points = useAppSelector(selectMeasurePoints);
  useEffect(() => {
    if (mode === 'off') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(measureEnded());
      if (event.key === 'Backspace' && !(event.target instanceof HTMLInputElement))
        dispatch(measurePointRemoved());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, dispatch]);
  if (mode === 'off') return null;
  const needed = mode === 'area' ? 3 : 2;
  return (
    <div
      role="status"
      data-testid="measure-panel"
      // Top centre of the map that is seen (mapView.css).
      className="map-tool-panel"
    >
      <Typography.Text strong>
        <FormattedMessage id={mode === 'area' ? 'mapTools.measure.area' : 'mapTools.measure.distance'} />
      </Typography.Text>
      <div data-testid="measure-result" style={{ fontVariantNumeric: 'tabular-nums', margin: '2px 0 6px' }}>
        {points.length < needed ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="mapTools.measure.hint" values={{ count: needed - points.length }} />
          </Typography.Text>
        ) : mode === 'area' ? (
          <FormattedMessage
            id="mapTools.measure.areaResult"
            values={{
              area: formatArea(areaInSquareMetres(points)),
              perimeter: formatDistance(perimeterInMetres(points)),
            }}
          />
        ) : (
          formatDistance(lengthInMetres(points))
        )}
      </div>
      <Flex gap={6} wrap>
        <Button size="small" disabled={points.length === 0} onClick={() => dispatch(measurePointRemoved())}>
          {intl.formatMessage({ id: 'mapTools.measure.undo' })}
        </Button>
        <Button size="small" onClick={() => dispatch(measureEnded())}>
          {intl.formatMessage({ id: 'mapTools.measure.done' })}
        </Button>
      </Flex>
    </div>
  );
}
