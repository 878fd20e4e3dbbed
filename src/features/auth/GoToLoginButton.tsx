import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { ROUTE_PATHS } from '../../app/routePaths';

/** Shown after a failed reset or invitation (spec §2, §8). */
export function GoToLoginButton() {
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate(ROUTE_PATHS.login)}>
      <FormattedMessage id="auth.goToLogin" />
    </Button>
  );
}
