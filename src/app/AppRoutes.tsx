import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layouts/AppLayout';
import { MapLayout } from './layouts/MapLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { RequireRole } from './RequireRole';
import { MAP_ROLE, ROUTE_PATHS } from './routePaths';

/** A lazily loaded named export, so each screen (and the map engine) is its own chunk. */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const MapViewScreen = screen(() => import('../features/mapView/MapViewScreen'), 'MapViewScreen');
const SettingsScreen = screen(() => import('../features/settings/SettingsScreen'), 'SettingsScreen');
const NotificationsScreen = screen(
  () => import('../features/notifications/NotificationsScreen'),
  'NotificationsScreen',
);
const LogoutScreen = screen(() => import('../features/auth/LogoutScreen'), 'LogoutScreen');
const LoginScreen = screen(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const RegisterStartScreen = screen(
  () => import('../features/auth/RegisterStartScreen'),
  'RegisterStartScreen',
);
const ActivationScreen = screen(() => import('../features/auth/ActivationScreen'), 'ActivationScreen');
const ResetPasswordScreen = screen(
  () => import('../features/auth/ResetPasswordScreen'),
  'ResetPasswordScreen',
);
const InvitationScreen = screen(() => import('../features/auth/InvitationScreen'), 'InvitationScreen');
const PlansScreen = screen(() => import('../features/plans/PlansScreen'), 'PlansScreen');
const CheckoutScreen = screen(() => import('../features/plans/CheckoutScreen'), 'CheckoutScreen');
const PaymentSuccessScreen = screen(
  () => import('../features/plans/PaymentSuccessScreen'),
  'PaymentSuccessScreen',
);
const PaymentCancelledScreen = screen(
  () => import('../features/plans/PaymentCancelledScreen'),
  'PaymentCancelledScreen',
);

function mapUser(element: React.ReactNode) {
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
