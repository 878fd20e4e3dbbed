import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layouts/AppLayout';
import { MAP_ROLE, ROUTE_PATHS } from './routePaths';

/**
 * A lazily loaded named export. Every layout and screen is its own chunk, named with `webpackChunkName`
 * so the build's first-load budget (webpack.config.ts) finds the chunks a route needs by name; the main
 * chunk carries only the store, i18n and the app layout.
 */
function lazyNamed<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The map layout, its route guard (with antd's Result illustrations) and its plan dialog: one chunk.
const MapLayout = lazyNamed(
  () => import(/* webpackChunkName: "map-layout" */ './layouts/MapLayout'),
  'MapLayout',
);
const RequireRole = lazy(async () => ({
  default: (await import(/* webpackChunkName: "map-layout" */ './RequireRole')).RequireRole,
}));
const SimpleLayout = lazyNamed(
  () => import(/* webpackChunkName: "simple-layout" */ './layouts/SimpleLayout'),
  'SimpleLayout',
);

const MapViewScreen = lazyNamed(
  () => import(/* webpackChunkName: "mapview" */ '../features/search/MapViewScreen'),
  'MapViewScreen',
);
const SettingsScreen = lazyNamed(
  () => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsScreen'),
  'SettingsScreen',
);
const NotificationsScreen = lazyNamed(
  () => import(/* webpackChunkName: "notifications" */ '../features/notifications/NotificationsScreen'),
  'NotificationsScreen',
);
const LogoutScreen = lazyNamed(
  () => import(/* webpackChunkName: "logout" */ '../features/auth/LogoutScreen'),
  'LogoutScreen',
);
const LoginScreen = lazyNamed(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginScreen'),
  'LoginScreen',
);
const RegisterStartScreen = lazyNamed(
  () => import(/* webpackChunkName: "register-start" */ '../features/auth/RegisterStartScreen'),
  'RegisterStartScreen',
);
const ActivationScreen = lazyNamed(
  () => import(/* webpackChunkName: "activation" */ '../features/auth/ActivationScreen'),
  'ActivationScreen',
);
const ResetPasswordScreen = lazyNamed(
  () => import(/* webpackChunkName: "reset-password" */ '../features/auth/ResetPasswordScreen'),
  'ResetPasswordScreen',
);
const InvitationScreen = lazyNamed(
  () => import(/* webpackChunkName: "invitation" */ '../features/auth/InvitationScreen'),
  'InvitationScreen',
);
const PlansScreen = lazyNamed(
  () => import(/* webpackChunkName: "plans" */ '../features/plans/PlansScreen'),
  'PlansScreen',
);
const CheckoutScreen = lazyNamed(
  () => import(/* webpackChunkName: "checkout" */ '../features/plans/CheckoutScreen'),
  'CheckoutScreen',
);
const PaymentSuccessScreen = lazyNamed(
  () => import(/* webpackChunkName: "payment-success" */ '../features/plans/PaymentSuccessScreen'),
  'PaymentSuccessScreen',
);
const PaymentCancelledScreen = lazyNamed(
  () => import(/* webpackChunkName: "payment-cancelled" */ '../features/plans/PaymentCancelledScreen'),
  'PaymentCancelledScreen',
);

function mapUser(element: ReactNode) {
  return <RequireRole roles={MAP_ROLE}>{element}</RequireRole>;
}

/** The route table of spec §2: map layout (MAPUSER), simple layout (public), unknown → /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<MapLayout />}>
          <Route path={ROUTE_PATHS.mapview} element={mapUser(<MapViewScreen />)} />
          <Route path={ROUTE_PATHS.settings} element={mapUser(<SettingsScreen />)} />
          <Route path={ROUTE_PATHS.notifications} element={mapUser(<NotificationsScreen />)} />
          <Route path={ROUTE_PATHS.logout} element={mapUser(<LogoutScreen />)} />
        </Route>
        <Route element={<SimpleLayout />}>
          <Route path={ROUTE_PATHS.plans} element={<PlansScreen />} />
          <Route path={ROUTE_PATHS.checkout} element={<CheckoutScreen />} />
          <Route path={ROUTE_PATHS.paymentSuccess} element={<PaymentSuccessScreen />} />
          <Route path={ROUTE_PATHS.paymentCancelled} element={<PaymentCancelledScreen />} />
          <Route path={ROUTE_PATHS.login} element={<LoginScreen />} />
          <Route path={ROUTE_PATHS.emailVerification} element={<RegisterStartScreen />} />
          <Route path={ROUTE_PATHS.registerEmailVerification} element={<RegisterStartScreen />} />
          <Route path={ROUTE_PATHS.register} element={<ActivationScreen />} />
          <Route path={ROUTE_PATHS.resetPassword} element={<ResetPasswordScreen />} />
          <Route path={ROUTE_PATHS.invite} element={<InvitationScreen />} />
        </Route>
        <Route path="*" element={<Navigate to={ROUTE_PATHS.mapview} replace />} />
      </Route>
    </Routes>
  );
}
