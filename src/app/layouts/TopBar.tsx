import './topBar.css';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { LightButton, type LightButtonProps } from '../../features/ui/LightButton';
import { ROUTE_PATHS } from '../../routing/routePaths';

/** The top bar shared by the simple and map layouts: the app name (a link to the map view), then the layout's controls. */
export function TopBar({ children }: { children: ReactNode }) {
  return (
    <header role="banner" className="top-bar">
      <Link to={ROUTE_PATHS.mapview} className="top-bar-title">
        <FormattedMessage id="app.name" />
      </Link>
      {children}
    </header>
  );
}

/** A control of the top bar: a text button in the bar's white, with an icon (antd-free: it is on the first load). */
export function TopBarButton(props: Omit<LightButtonProps, 'type' | 'style'>) {
  return <LightButton type="text" {...props} />;
}
