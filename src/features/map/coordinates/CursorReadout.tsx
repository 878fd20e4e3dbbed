import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { cursorPosition, subscribeCursor } from './cursorPosition';

/**
 * The position as LV95 text. The projection (proj4) is a chunk of its own, loaded when the pointer
 * first moves over the map, so a cold map route does not download it (ADR 008).
 */
const Lv95Text = lazy(async () => {
  const { formatLv95, lv95FromWgs84 } = await import(/* webpackChunkName: "lv95" */ '../../../lib/geo/lv95');
  return {
    default: ({ position }: { position: [number, number] }) => (
      <>LV95 {formatLv95(lv95FromWgs84(position), 0)}</>
    ),
  };
});

/** The pointer's LV95 position over the map, to the metre. Hidden off the map. */
export function CursorReadout() {
  const intl = useIntl();
  const position = useSyncExternalStore(subscribeCursor, cursorPosition, () => null);
  if (!position) return null;
  return (
    <div
      data-testid="cursor-lv95"
      aria-live="off"
      title={intl.formatMessage({ id: 'mapTools.cursor.title' })}
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        zIndex: 2,
        padding: '2px 8px',
        borderRadius: 4,
        background: 'rgba(255,255,255,0.85)',
        font: '12px/18px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        color: '#333',
        pointerEvents: 'none',
      }}
    >
      <Suspense fallback={null}>
        <Lv95Text position={position} />
      </Suspense>
    </div>
  );
}
