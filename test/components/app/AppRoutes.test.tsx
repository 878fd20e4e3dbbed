import { configure, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { useParams } from 'react-router';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { renderWithProviders } from '../renderWithProviders';
import { profileFixture, sessionFixture } from '../sessionFixture';

// The first route's lazy layout and screens are compiled on their first import, which takes well over the
// usual 5 s on a loaded machine (the whole suite runs in parallel).
configure({ asyncUtilTimeout: 30_000 });
jest.setTimeout(90_000);

// Each screen is replaced by its name and route parameters: this test is about the route table and layouts.
// The app's data router mounts the table under one splat route, whose `*` parameter is not the table's.
function ScreenStub({ name }: { name: string }) {
  const params = Object.entries(useParams())
    .filter(([key]) => key !== '*')
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return <h1>{`${name} ${params}`.trim()}</h1>;
}

function mockScreen(name: string) {
  return createElement(ScreenStub, { name });
}

jest.mock('../../../src/features/mapView/MapViewScreen', () => ({
  MapViewScreen: () => mockScreen('MapViewScreen'),
}));
jest.mock('../../../src/features/settings/SettingsScreen', () => ({
  SettingsScreen: () => mockScreen('SettingsScreen'),
}));
jest.mock('../../../src/features/notifications/NotificationsScreen', () => ({
  NotificationsScreen: () => mockScreen('NotificationsScreen'),
}));
jest.mock('../../../src/features/auth/LogoutScreen', () => ({
  LogoutScreen: () => mockScreen('LogoutScreen'),
}));
jest.mock('../../../src/features/auth/LoginScreen', () => ({ LoginScreen: () => mockScreen('LoginScreen') }));
jest.mock('../../../src/features/auth/RegisterStartScreen', () => ({
  RegisterStartScreen: () => mockScreen('RegisterStartScreen'),
}));
jest.mock('../../../src/features/auth/ActivationScreen', () => ({
  ActivationScreen: () => mockScreen('ActivationScreen'),
}));
jest.mock('../../../src/features/auth/ResetPasswordScreen', () => ({
  ResetPasswordScreen: () => mockScreen('ResetPasswordScreen'),
}));
jest.mock('../../../src/features/auth/InvitationScreen', () => ({
  InvitationScreen: () => mockScreen('InvitationScreen'),
}));
jest.mock('../../../src/features/plans/PlansScreen', () => ({
  PlansScreen: () => mockScreen('PlansScreen'),
}));
jest.mock('../../../src/features/plans/CheckoutScreen', () => ({
  CheckoutScreen: () => mockScreen('CheckoutScreen'),
}));
jest.mock('../../../src/features/plans/PaymentSuccessScreen', () => ({
  PaymentSuccessScreen: () => mockScreen('PaymentSuccessScreen'),
}));
jest.mock('../../../src/features/plans/PaymentCancelledScreen', () => ({
  PaymentCancelledScreen: () => mockScreen('PaymentCancelledScreen'),
}));
jest.mock('../../../src/features/plans/PlanDialog', () => ({ PlanDialog: () => null }));
jest.mock('../../../src/features/plans/planEndpoints', () => ({
  ...jest.requireActual('../../../src/features/plans/planEndpoints'),
  usePlanProductName: () => 'Basic Plan',
}));

const mapUser = { session: sessionFixture() };

function mapLayoutShown() {
  return screen.queryByRole('button', { name: 'Account menu' }) !== null;
}

describe('route table (spec §2)', () => {
  it.each([
    ['/', 'MapViewScreen'],
    ['/settings', 'SettingsScreen'],
    ['/notifications', 'NotificationsScreen'],
    ['/logout', 'LogoutScreen'],
  ])('%s shows %s in the map layout to a MAPUSER', async (path, name) => {
    renderWithProviders(<AppRoutes />, { initialEntries: [path], preloadedState: mapUser });
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(mapLayoutShown()).toBe(true);
    expect(screen.queryByTestId('simple-layout')).not.toBeInTheDocument();
  });

  it.each([
    ['/plans', 'PlansScreen'],
    ['/checkout/standard', 'CheckoutScreen planId=standard'],
    ['/payment/success/cs_123?product=Basic', 'PaymentSuccessScreen session_id=cs_123'],
    ['/payment/canceled', 'PaymentCancelledScreen'],
    ['/login', 'LoginScreen'],
    ['/email-verification', 'RegisterStartScreen'],
    ['/register', 'RegisterStartScreen'],
    ['/register/activate/k1', 'ActivationScreen key=k1'],
    ['/reset-password/k2', 'ResetPasswordScreen key=k2'],
    ['/invite/k3', 'InvitationScreen key=k3'],
  ])('%s shows %s in the simple layout to anyone', async (path, name) => {
    renderWithProviders(<AppRoutes />, { initialEntries: [path] });
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByTestId('simple-layout')).toBeInTheDocument();
    expect(mapLayoutShown()).toBe(false);
  });

  it.each(['/settings', '/notifications', '/logout', '/'])('%s needs a login', async (path) => {
    renderWithProviders(<AppRoutes />, { initialEntries: [path] });
    expect(await screen.findByRole('heading', { name: 'LoginScreen' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('redirects an unknown path to /, which sends a visitor on to /login', async () => {
    renderWithProviders(<AppRoutes />, { initialEntries: ['/does-not-exist'] });
    expect(await screen.findByRole('heading', { name: 'LoginScreen' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('redirects an unknown path to / for a MAPUSER', async () => {
    renderWithProviders(<AppRoutes />, { initialEntries: ['/no/such/page'], preloadedState: mapUser });
    expect(await screen.findByRole('heading', { name: 'MapViewScreen' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the Plan button with the product name in the map layout', async () => {
    renderWithProviders(<AppRoutes />, {
      initialEntries: ['/settings'],
      preloadedState: { session: sessionFixture({ profile: profileFixture({ roles: ['MAPUSER:1'] }) }) },
    });
    expect(await screen.findByRole('button', { name: /Basic Plan/ })).toBeInTheDocument();
  });

  it.each([
    ['/plans', 'Plans · Parcel Atlas'],
    ['/login', 'Login · Parcel Atlas'],
    ['/register/activate/k1', 'Activation · Parcel Atlas'],
    ['/plans?lang=de', 'Abonnements · Parcel Atlas'],
  ])('titles the browser tab by the screen, translated: %s → %s', async (path, title) => {
    localStorage.removeItem('user-language');
    renderWithProviders(<AppRoutes />, { initialEntries: [path] });
    await screen.findByTestId('simple-layout');
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles the map view for a MAPUSER', async () => {
    localStorage.removeItem('user-language');
    renderWithProviders(<AppRoutes />, { initialEntries: ['/'], preloadedState: mapUser });
    expect(await screen.findByRole('heading', { name: 'MapViewScreen' })).toBeInTheDocument();
    expect(document.title).toBe('Map · Parcel Atlas');
  });
});
