import { Button, type ButtonProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PALETTE } from '../palette';
import { ROUTE_PATHS } from '../routePaths';

const BAR_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  height: 56,
  padding: '0 16px',
  background: PALETTE.primary,
  color: '#fff',
  lineHeight: 'normal',
};

const TITLE_STYLE: CSSProperties = {
  flex: 1,
  fontSize: 18,
  fontWeight: 600,
  color: '#fff',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
};

/** The top bar shared by the simple and map layouts: the app name (a link to the map view), then the layout's controls. */
export function TopBar({ children }: { children: ReactNode }) {
  return (
    <header role="banner" style={BAR_STYLE}>
      <Link to={ROUTE_PATHS.mapview} style={TITLE_STYLE}>
        <FormattedMessage id="app.name" />
      </Link>
      {children}
    </header>
  );
}

/** A control of the top bar: a text button in the bar's white, with an icon. */
export function TopBarButton(props: Omit<ButtonProps, 'type' | 'style'>) {
  return <Button type="text" style={{ color: 'inherit' }} {...props} />;
}
