import type { CSSProperties, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { LightButton } from '../ui/LightButton';

/** antd's Card look (container background, secondary border, large radius, 24 px padding) without its code. */
const CARD_STYLE: CSSProperties = {
  maxWidth: 480,
  margin: '0 auto',
  padding: 24,
  boxSizing: 'border-box',
  background: '#fff',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  color: 'rgba(0, 0, 0, 0.88)',
  fontSize: 14,
  lineHeight: 1.5714285714285714,
};

/** antd's level-3 Typography.Title. */
const TITLE_STYLE: CSSProperties = {
  margin: '0 0 0.5em',
  color: 'rgba(0, 0, 0, 0.88)',
  fontSize: 24,
  fontWeight: 600,
  lineHeight: 1.3333333333333333,
};

/**
 * The card every account screen sits in on the simple layout. A styled section rather than antd's Card,
 * which brings Tabs and Skeleton into the first load of /login (docs/adr/008-first-load-budget.md).
 */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section style={CARD_STYLE}>
      <h3 style={TITLE_STYLE}>{title}</h3>
      {children}
    </section>
  );
}

/** The way back from an account screen: shown after a failed reset or invitation (spec §2, §8). */
export function GoToLoginButton() {
  const navigate = useNavigate();
  return (
    <LightButton onClick={() => navigate(ROUTE_PATHS.login)}>
      <FormattedMessage id="auth.goToLogin" />
    </LightButton>
  );
}
