import { lazy, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { selectHasToken } from '../features/auth/sessionSlice';
import { useAppSelector } from '../store/hooks';
import { AppLayout } from './layouts/AppLayout';
import { MAP_ROLE, ROUTE_PATHS } from '../routing/routePaths';
import { useDocumentTitle } from './useDocumentTitle';

/** A lazily loaded layout or screen that can be asked to start loading before it renders. */
type LazyRouteComponent = LazyExoticComponent<ComponentType> & { preload(): void };

/** antd's theme and texts (ConfigProvider), loaded with the layouts and screens that use antd. */
const loadAntdTheme = () => import(/* webpackChunkName: "antd-theme" */ '../theme/AntdTheme');

/**
 * A lazily loaded named export. Every layout and screen is its own chunk, named with `webpackChunkName`
 * so the build's first-load budget (webpack.config.ts) finds the chunks a route needs by name; the main
 * chunk carries only the store, i18n and the app layout. With `antd`, the component is wrapped in AntdTheme,
 * loaded alongside it: the entry, the simple layout and the login screen carry no antd runtime
 * (docs/adr/008-first-load-budget.md).
 */
function lazyNamed<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { antd }: { antd: boolean },
): LazyRouteComponent {
  const loadAll = () => Promise.all([load(), antd ? loadAntdTheme() : undefined]);
  return Object.assign(
    lazy(async (): Promise<{ default: ComponentType }> => {
      const [module, theme] = await loadAll();
      const Component: ComponentType = module[name];
      if (!theme) return { default: Component };
      const { AntdTheme } = theme;
      const Themed = () => (
        <AntdTheme>
          <Component />
        </AntdTheme>
      );
      Themed.displayName = `AntdTheme(${name})`;
      return { default: Themed };
    }),
    // A failed preload is tried again, and reported, when the component renders.
    { preload: () => void loadAll().catch(() => undefined) },
  );
}

// The map layout, its route guard (with antd's Result illustrations) and its plan dialog: one chunk. The
// guard and the map screens render inside the map layout, so its AntdTheme covers them.
const MapLayout = lazyNamed(
  () => import(/* webpackChunkName: "map-layout" */ './layouts/MapLayout'),
  'MapLayout',
  { antd: true },
);
const RequireRole = lazy(async () => ({
  default: (await import(/* webpackChunkName: "map-layout" */ './RequireRole')).RequireRole,
}));
const SimpleLayout = lazyNamed(
  () => import(/* webpackChunkName: "simple-layout" */ './layouts/SimpleLayout'),
  'SimpleLayout',
  { antd: false },
);

const MapViewScreen = lazyNamed(
  () => import(/* webpackChunkName: "mapview" */ '../features/mapView/MapViewScreen'),
  'MapViewScreen',
  { antd: true },
);
const SettingsScreen = lazyNamed(
  () => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsScreen'),
  'SettingsScreen',
  { antd: true },
);
const NotificationsScreen = lazyNamed(
  () => import(/* webpackChunkName: "notifications" */ '../features/notifications/NotificationsScreen'),
  'NotificationsScreen',
  { antd: true },
);
const LogoutScreen = lazyNamed(
  () => import(/* webpackChunkName: "logout" */ '../features/auth/LogoutScreen'),
  'LogoutScreen',
  { antd: true },
);
const LoginScreen = lazyNamed(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginScreen'),
  'LoginScreen',
  { antd: false },
);
const RegisterStartScreen = lazyNamed(
  () => import(/* webpackChunkName: "register-start" */ '../features/auth/RegisterStartScreen'),
  'RegisterStartScreen',
  { antd: true },
);
const ActivationScreen = lazyNamed(
  () => import(/* webpackChunkName: "activation" */ '../features/auth/ActivationScreen'),
  'ActivationScreen',
  { antd: true },
);
const ResetPasswordScreen = lazyNamed(
  () => import(/* webpackChunkName: "reset-password" */ '../features/auth/ResetPasswordScreen'),
  'ResetPasswordScreen',
  { antd: true },
);
const InvitationScreen = lazyNamed(
  () => import(/* webpackChunkName: "invitation" */ '../features/auth/InvitationScreen'),
  'InvitationScreen',
  { antd: true },
);
const PlansScreen = lazyNamed(
  () => import(/* webpackChunkName: "plans" */ '../features/plans/PlansScreen'),
  'PlansScreen',
  { antd: true },
);
const CheckoutScreen = lazyNamed(
  () => import(/* webpackChunkName: "checkout" */ '../features/plans/CheckoutScreen'),
  'CheckoutScreen',
  { antd: true },
);
const PaymentSuccessScreen = lazyNamed(
  () => import(/* webpackChunkName: "payment-success" */ '../features/plans/PaymentSuccessScreen'),
  'PaymentSuccessScreen',
  { antd: true },
);
const PaymentCancelledScreen = lazyNamed(
  () => import(/* webpackChunkName: "payment-cancelled" */ '../features/plans/PaymentCancelledScreen'),
  'PaymentCancelledScreen',
  { antd: true },
);
const ConfirmEmailChangeScreen = lazyNamed(
  () => import(/* webpackChunkName: "email-change" */ '../features/settings/EmailChangeScreen'),
  'ConfirmEmailChangeScreen',
  { antd: true },
);
const UndoEmailChangeScreen = lazyNamed(
  () => import(/* webpackChunkName: "email-change" */ '../features/settings/EmailChangeScreen'),
  'UndoEmailChangeScreen',
  { antd: true },
);
const TwoFactorSetupScreen = lazyNamed(
  () =>
    import(/* webpackChunkName: "two-factor-setup" */ '../features/settings/twoFactor/TwoFactorSetupScreen'),
  'TwoFactorSetupScreen',
  { antd: true },
);
const ComparisonScreen = lazyNamed(
  () => import(/* webpackChunkName: "compare" */ '../features/compare/ComparisonScreen'),
  'ComparisonScreen',
  { antd: true },
);

/** The screens of the map layout and of the simple layout by path (spec §2). */
const MAP_ROUTES: [string, LazyRouteComponent][] = [
  [ROUTE_PATHS.mapview, MapViewScreen],
  [ROUTE_PATHS.settings, SettingsScreen],
  [ROUTE_PATHS.notifications, NotificationsScreen],
  [ROUTE_PATHS.logout, LogoutScreen],
  [ROUTE_PATHS.compare, ComparisonScreen],
];
const SIMPLE_ROUTES: [string, LazyRouteComponent][] = [
  [ROUTE_PATHS.plans, PlansScreen],
  [ROUTE_PATHS.checkout, CheckoutScreen],
  [ROUTE_PATHS.paymentSuccess, PaymentSuccessScreen],
  [ROUTE_PATHS.paymentCancelled, PaymentCancelledScreen],
  [ROUTE_PATHS.login, LoginScreen],
  [ROUTE_PATHS.emailVerification, RegisterStartScreen],
  [ROUTE_PATHS.registerEmailVerification, RegisterStartScreen],
  [ROUTE_PATHS.register, ActivationScreen],
  [ROUTE_PATHS.resetPassword, ResetPasswordScreen],
  [ROUTE_PATHS.invite, InvitationScreen],
  [ROUTE_PATHS.confirmEmailChange, ConfirmEmailChangeScreen],
  [ROUTE_PATHS.undoEmailChange, UndoEmailChangeScreen],
  [ROUTE_PATHS.twoFactorSetup, TwoFactorSetupScreen],
];

/**
 * Starts loading a path's layout and screen together; otherwise the screen's chunk would only be requested
 * once the layout's chunk had arrived and rendered (one more round trip on the first load).
 */
function preloadRoute(pathname: string, hasToken: boolean) {
  const screenOf = (routes: [string, LazyRouteComponent][]) =>
    routes.find(([path]) => matchPath(path, pathname))?.[1];
  const simpleScreen = screenOf(SIMPLE_ROUTES);
  // Without a token a map route only redirects to /login: its chunks would be loaded for nothing.
  const mapScreen = hasToken ? screenOf(MAP_ROUTES) : undefined;
  for (const each of simpleScreen ? [SimpleLayout, simpleScreen] : mapScreen ? [MapLayout, mapScreen] : [])
    each.preload();
}

function mapUser(element: ReactNode) {
  return <RequireRole roles={MAP_ROLE}>{element}</RequireRole>;
}

/** The route table of spec §2: map layout (MAPUSER), simple layout (public), unknown → /. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const hasToken = useAppSelector(selectHasToken);
  useEffect(() => preloadRoute(pathname, hasToken), [pathname, hasToken]);
  useDocumentTitle(pathname);
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<MapLayout />}>
          {MAP_ROUTES.map(([path, Screen]) => (
            <Route key={path} path={path} element={mapUser(<Screen />)} />
          ))}
        </Route>
        <Route element={<SimpleLayout />}>
          {SIMPLE_ROUTES.map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={ROUTE_PATHS.mapview} replace />} />
      </Route>
    </Routes>
  );
}
