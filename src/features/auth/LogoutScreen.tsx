import { Button, Space, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { ROUTE_PATHS } from '../../app/routePaths';
import { AuthCard } from './AuthCard';
import { logout } from './sessionSlice';

/** Logout confirmation (spec §2): Yes logs out (clears storage and state, reloads); Cancel returns to the dashboard. */
export function LogoutScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <div style={{ padding: 32 }}>
      <AuthCard title={<FormattedMessage id="screen.logout.title" />}>
        <Typography.Paragraph>
          <FormattedMessage id="auth.logout.question" />
        </Typography.Paragraph>
        <Space>
          <Button type="primary" danger onClick={() => dispatch(logout())}>
            <FormattedMessage id="auth.logout.yes" />
          </Button>
          <Button onClick={() => navigate(ROUTE_PATHS.mapview)}>
            <FormattedMessage id="auth.logout.cancel" />
          </Button>
        </Space>
      </AuthCard>
    </div>
  );
}
