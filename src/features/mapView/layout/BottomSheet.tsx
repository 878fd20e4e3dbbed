import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePrefersReducedMotion } from '../../../theme/reducedMotion';

/** Height of the folded sheet: its handle, the quick search and the result count stay visible, px. */
export const SHEET_FOLDED_HEIGHT = 142;
/** Share of the screen the unfolded sheet takes; the rest stays map. */
export const SHEET_OPEN_SHARE = 0.62;

export interface BottomSheetProps {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * The phone's search and results: a sheet over the bottom of the full-screen map.
 * Folded it shows the search box and the count; unfolded the result list, leaving the top of the map.
 */
export function BottomSheet({ open, onToggle, children }: BottomSheetProps) {
  const intl = useIntl();
  const reducedMotion = usePrefersReducedMotion();
  const label = intl.formatMessage({ id: open ? 'mapView.sheet.collapse' : 'mapView.sheet.expand' });
  return (
    <section
      data-testid="bottom-sheet"
      data-open={open}
      aria-label={intl.formatMessage({ id: 'mapView.sheet.label' })}
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 4,
        height: open ? `${SHEET_OPEN_SHARE * 100}%` : SHEET_FOLDED_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        borderRadius: '12px 12px 0 0',
        boxShadow: '0 -2px 12px rgba(0,0,0,0.2)',
        transition: reducedMotion ? undefined : 'height 0.2s ease',
      }}
    >
      <Button
        type="text"
        block
        onClick={onToggle}
        aria-expanded={open}
        aria-label={label}
        icon={open ? <DownOutlined /> : <UpOutlined />}
        data-testid="bottom-sheet-handle"
        style={{ height: 24, flexShrink: 0, borderRadius: '12px 12px 0 0', color: '#8c8c8c' }}
      />
      <div style={{ flex: 1, minHeight: 0 }}>{children}</div>
    </section>
  );
}
