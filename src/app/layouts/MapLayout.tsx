import { CrownOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { PlanDialog } from '../../features/plans/PlanDialog';
import { usePlanProductName } from '../../features/plans/planEndpoints';
import { useAppSelector } from '../hooks';
import { AccountMenu } from './AccountMenu';
import { TopBar, TopBarButton } from './TopBar';

/**
 * The map layout of spec §2: a top bar with the Plan button (the plan's product name; opens the plan
 * dialog) and the avatar menu, above a full-height content area for the map screens.
 */
export function MapLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const product = usePlanProductName();
  const [planOpen, setPlanOpen] = useState(false);
  return (
    // 100dvh: on phones 100vh reaches under the browser's toolbar, hiding the bottom of the map view.
    <div style={{ height: '100dvh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <TopBar>
        {loggedIn && (
          <TopBarButton icon={<CrownOutlined />} onClick={() => setPlanOpen(true)} data-testid="plan-button">
            {product ?? <FormattedMessage id="layout.plan" />}
          </TopBarButton>
        )}
        <AccountMenu onOpenPlan={() => setPlanOpen(true)} />
      </TopBar>
      <main style={{ flex: 1, position: 'relative', minHeight: 0 }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {loggedIn && <PlanDialog open={planOpen} onClose={() => setPlanOpen(false)} />}
    </div>
  );
}
