import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { AuthCard } from './AuthCard';
import { logout } from './sessionSlice';

/**
 * Logout confirmation (spec §2): Yes logs out (the server revokes the session, then storage and state are
 * cleared and the page reloads; the auth listeners do it); Cancel returns to the dashboard.
 */
export function LogoutScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <div style={{ padding: 32 }}>
      <AuthCard title={<FormattedMessage id="screen.logout.title" />}>
        <Typography.Paragraph>
          <FormattedMessage id="auth.logout.question" />
        </Typography.Paragraph>
        <Space>
          <Button
            type="primary"
            danger
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              dispatch(logout());
            }}
          >
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
