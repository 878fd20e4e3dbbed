import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'react-redux';
import type { AppStore } from '../../store/storeTypes';
import { describeParcel } from './parcelPopupText';

/**
 * The element the map draws into. It creates the MapController (loaded as its own chunk with the map
 * engine) and destroys it on unmount; the component itself never touches the map (design.md §3).
 */
export function MapCanvas() {
  const container = useRef<HTMLDivElement>(null);
  const store = useStore() as AppStore;
  const intl = useIntl();
  useEffect(() => {
    let destroyed = false;
    let destroy: (() => void) | null = null;
    void import('./MapController')
      .then(({ MapController }) => {
        if (destroyed || !container.current) return;
        const controller = new MapController({
          container: container.current,
          store,
          describeParcel: (properties, summary) => describeParcel(intl, properties, summary),
          translate: (id) => intl.formatMessage({ id }),
        });
        destroy = () => controller.destroy();
      })
      // No engine chunk (offline) or no WebGL2: the search panel still works without the map.
      .catch((error: unknown) => console.error('The map could not start:', error));
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [store, intl]);
  return (
    <div
      ref={container}
      data-testid="map"
      aria-label={intl.formatMessage({ id: 'map.label' })}
      role="region"
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}
