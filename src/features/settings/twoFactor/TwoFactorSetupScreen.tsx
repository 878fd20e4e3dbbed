import { Button, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ROUTE_PATHS } from '../../../routing/routePaths';
import { profileEndpoint } from '../../auth/profile';
import { logout, selectHasToken, setProfile } from '../../auth/sessionSlice';
import { TwoFactorPanel } from './TwoFactorPanel';
import { useGetTwoFactorStatusQuery } from './twoFactorEndpoints';

/**
 * Where an account lands after signing in when its company requires a second factor it has not set up:
 * the server refuses every other route until it has. Once a factor is set up, the map opens.
 */
export function TwoFactorSetupScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const hasToken = useAppSelector(selectHasToken);
  const { data: status } = useGetTwoFactorStatusQuery(undefined, { skip: !hasToken });
  if (!hasToken) return <Navigate to={ROUTE_PATHS.login} replace />;
  const enrolled = Boolean(status && (status.totp || status.passkeys.length > 0));

  async function proceed() {
    const profile = await dispatch(
      profileEndpoint.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
    )
      .unwrap()
      .catch(() => null);
    if (profile) dispatch(setProfile(profile));
    void navigate(ROUTE_PATHS.mapview);
  }

  return (
    <Flex
      vertical
      gap={16}
      style={{ maxWidth: 760, margin: '0 auto', padding: '16px clamp(12px, 3vw, 32px)' }}
    >
      <Typography.Title level={2} style={{ margin: 0 }}>
        <FormattedMessage id="screen.twoFactorSetup.title" />
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        <FormattedMessage id="settings.twoFactor.setupIntro" />
      </Typography.Paragraph>
      <TwoFactorPanel />
      <Flex gap={8} wrap>
        <Button type="primary" disabled={!enrolled} onClick={() => void proceed()}>
          <FormattedMessage id="settings.twoFactor.continue" />
        </Button>
        <Button onClick={() => dispatch(logout())}>
          <FormattedMessage id="settings.twoFactor.logout" />
        </Button>
      </Flex>
    </Flex>
  );
}
