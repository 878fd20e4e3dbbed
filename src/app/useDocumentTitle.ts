import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { matchPath } from 'react-router';
import { ROUTE_PATHS } from '../routing/routePaths';

type RouteName = keyof typeof ROUTE_PATHS;

/** The screen-title key of each route; the e-mail verification paths are the register screen. */
const TITLE_KEYS: Record<RouteName, string> = {
  mapview: 'screen.mapview.title',
  settings: 'screen.settings.title',
  notifications: 'screen.notifications.title',
  logout: 'screen.logout.title',
  plans: 'screen.plans.title',
  checkout: 'screen.checkout.title',
  paymentSuccess: 'screen.paymentSuccess.title',
  paymentCancelled: 'screen.paymentCancelled.title',
  login: 'screen.login.title',
  emailVerification: 'screen.register.title',
  registerEmailVerification: 'screen.register.title',
  register: 'screen.activation.title',
  resetPassword: 'screen.resetPassword.title',
  invite: 'screen.invitation.title',
  confirmEmailChange: 'settings.emailChange.confirmTitle',
  undoEmailChange: 'settings.emailChange.undoTitle',
  twoFactorSetup: 'screen.twoFactorSetup.title',
  compare: 'screen.compare.title',
};

/** The title key of the route at a path, or null for a path no route has. */
export function titleKeyOf(pathname: string): string | null {
  const route = (Object.keys(ROUTE_PATHS) as RouteName[]).find((name) =>
    matchPath(ROUTE_PATHS[name], pathname),
  );
  return route ? TITLE_KEYS[route] : null;
}

/**
 * The browser tab names the screen, in the interface language: "Plans · Parcel
 * Atlas". Tabs, history and screen readers then tell the screens apart.
 */
export function useDocumentTitle(pathname: string): void {
  const intl = useIntl();
  useEffect(() => {
    const key = titleKeyOf(pathname);
    const app = intl.formatMessage({ id: 'app.name' });
    document.title = key
      ? intl.formatMessage({ id: 'documentTitle.format' }, { screen: intl.formatMessage({ id: key }) })
      : app;
  }, [pathname, intl]);
}
