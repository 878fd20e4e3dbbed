import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useNavigate } from 'react-router';
import { displayName } from '../../features/auth/profile';
import { selectIsLoggedIn, selectProfile } from '../../features/auth/sessionSlice';
import { LanguageMenu } from '../../features/i18n/LanguageMenu';
import { SearchIcon, UserAddIcon } from '../../features/ui/icons';
import { useAppSelector } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { TopBar, TopBarButton } from './TopBar';

/**
 * The simple layout of spec §2: a top bar with Search (to /), the user's name when logged in or Join
 * (to /register) when not, and the language menu, over a background image. The snackbar area comes
 * from the app layout around it.
 */
export function SimpleLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const profile = useAppSelector(selectProfile);
  const navigate = useNavigate();
  return (
    <div
      data-testid="simple-layout"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: '#e6f4f5',
        backgroundImage: "url('/images/background.svg')",
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: 'fixed',
      }}
    >
      <TopBar>
        <TopBarButton icon={<SearchIcon />} onClick={() => navigate(ROUTE_PATHS.mapview)}>
          <FormattedMessage id="layout.search" />
        </TopBarButton>
        {loggedIn ? (
          <span data-testid="user-name" style={{ fontWeight: 500, padding: '0 8px' }}>
            {displayName(profile)}
          </span>
        ) : (
          <TopBarButton
            icon={<UserAddIcon />}
            onClick={() => navigate(ROUTE_PATHS.registerEmailVerification)}
          >
            <FormattedMessage id="layout.join" />
          </TopBarButton>
        )}
        <LanguageMenu />
      </TopBar>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', padding: '32px 16px' }}>
        <div style={{ width: '100%', maxWidth: 960 }}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
