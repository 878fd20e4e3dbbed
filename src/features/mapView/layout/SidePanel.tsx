import { LeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface SidePanelProps {
  width: number;
  /** Whether it can be folded away (tablets); on a desktop it always shows. */
  collapsible: boolean;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * The left search panel of the desktop and tablet layouts. On a tablet it folds away to give the map
 * the whole width, and a search button over the map brings it back.
 */
export function SidePanel({ width, collapsible, open, onToggle, children }: SidePanelProps) {
  const intl = useIntl();
  const shown = open || !collapsible;
  const collapse = intl.formatMessage({ id: 'mapView.panel.collapse' });
  const expand = intl.formatMessage({ id: 'mapView.panel.expand' });
  return (
    <>
      <aside
        data-testid="side-panel"
        hidden={!shown}
        aria-label={intl.formatMessage({ id: 'mapView.panel.label' })}
        style={{
          width,
          boxSizing: 'border-box',
          flexShrink: 0,
          borderRight: '1px solid #e0e0e0',
          background: '#fff',
          position: 'relative',
          minHeight: 0,
          display: shown ? 'block' : 'none',
        }}
      >
        {children}
        {collapsible && (
          <Tooltip title={collapse} placement="right">
            <Button
              icon={<LeftOutlined />}
              aria-label={collapse}
              aria-expanded
              onClick={onToggle}
              data-testid="side-panel-toggle"
              style={{
                position: 'absolute',
                top: 12,
                right: -16,
                zIndex: 5,
                width: 16,
                minWidth: 16,
                padding: 0,
                borderRadius: '0 6px 6px 0',
              }}
            />
          </Tooltip>
        )}
      </aside>
      {!shown && (
        <Tooltip title={expand} placement="right">
          <Button
            type="primary"
            icon={<SearchOutlined />}
            aria-label={expand}
            aria-expanded={false}
            onClick={onToggle}
            data-testid="side-panel-toggle"
            style={{ position: 'absolute', top: 10, left: 10, zIndex: 5 }}
          />
        </Tooltip>
      )}
    </>
  );
}
