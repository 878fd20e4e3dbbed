import { CrownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { ExportJobsNotice } from '../../features/exports/ExportJobsNotice';
import { usePlanProductName } from '../../features/plans/planEndpoints';
import { useAppSelector } from '../../store/hooks';
import { AccountMenu } from './AccountMenu';
import { TopBar, TopBarButton } from './TopBar';

// Loaded on the first click on the Plan button: its Modal and Descriptions are not part of the map route's
// first load (the map route's 800 KB budget, ADR 008).
const PlanDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "plan-dialog" */ '../../features/plans/PlanDialog')).PlanDialog,
}));

/**
 * The map layout of spec §2: a top bar with the Plan button (the plan's product name; opens the plan
 * dialog) and the avatar menu, above a full-height content area for the map screens.
 */
export function MapLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const product = usePlanProductName();
  const [planOpen, setPlanOpen] = useState(false);
  // Mounted from the first opening on, so that closing animates and the next opening is immediate.
  const [planRequested, setPlanRequested] = useState(false);
  const openPlan = () => {
    setPlanRequested(true);
    setPlanOpen(true);
  };
  return (
    // 100dvh: on phones 100vh reaches under the browser's toolbar, hiding the bottom of the map view.
    <div style={{ height: '100dvh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <TopBar>
        {loggedIn && (
          <TopBarButton icon={<CrownOutlined />} onClick={openPlan} data-testid="plan-button">
            {product ?? <FormattedMessage id="layout.plan" />}
          </TopBarButton>
        )}
        <AccountMenu onOpenPlan={openPlan} />
      </TopBar>
      <main style={{ flex: 1, position: 'relative', minHeight: 0 }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {loggedIn && <ExportJobsNotice />}
      {loggedIn && planRequested && (
        <Suspense fallback={null}>
          <PlanDialog open={planOpen} onClose={() => setPlanOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
