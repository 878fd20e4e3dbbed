import { Button, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { ROUTE_PATHS } from '../../app/routePaths';

/** The card every account screen sits in on the simple layout. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}

/** The way back from an account screen: shown after a failed reset or invitation (spec §2, §8). */
export function GoToLoginButton() {
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate(ROUTE_PATHS.login)}>
      <FormattedMessage id="auth.goToLogin" />
    </Button>
  );
}
