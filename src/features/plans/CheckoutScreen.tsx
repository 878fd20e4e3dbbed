import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { loginPathReturningTo } from '../auth/returnPath';
import { selectIsLoggedIn, selectMainToken, selectProfile } from '../auth/sessionSlice';
import { useProfileRefresh } from '../auth/useProfileRefresh';
import type { CouponQuote } from '../../contract/Coupons';
import { CouponField } from './CouponField';
import { HostFormPost, paymentHostUrl } from './HostFormPost';
import { useGetPlansQuery, useGetSubscriptionQuery } from './planEndpoints';
import { PlanLimits, PlanPrice } from './PlanSummary';

/**
 * /checkout/:planId (spec §2): the plan summary, Checkout (a form post to the payment host, which
 * redirects to the provider's hosted page) and Change Plan. An unknown plan goes back to the map view.
 */
export function CheckoutScreen() {
  const { planId } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const intl = useIntl();
  // A public route, so no route guard loads the profile: with a token but no cached profile the user
  // would be shown as logged out (and could not check out) until some map route loaded it.
  useProfileRefresh();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const mainToken = useAppSelector(selectMainToken);
  const profile = useAppSelector(selectProfile);
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  // The coupon applied to this plan (its price with the discount), sent with the checkout.
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  // Any main-server call authorises first, so a session with only the SSO token gets its main token here.
  useGetSubscriptionQuery(undefined, { skip: !loggedIn || mainToken !== null });

  if (isLoading) return <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (isError) return <Alert type="error" showIcon title={<FormattedMessage id="plans.loadError" />} />;
  const plan = plans?.find((candidate) => candidate.id === planId);
  if (!plan) return <Navigate to={ROUTE_PATHS.mapview} replace />;

  const changePlan = (
    <Button onClick={() => navigate(ROUTE_PATHS.plans)}>
      <FormattedMessage id="checkout.changePlan" />
    </Button>
  );
  return (
    <Card style={{ maxWidth: 520, margin: '0 auto' }}>
      <Typography.Title level={2}>
        <FormattedMessage id="checkout.title" />
      </Typography.Title>
      <Typography.Title level={4} data-testid="checkout-plan">
        {plan.name}
      </Typography.Title>
      <PlanPrice amount={plan.amount} discounted={coupon ? coupon.amount : undefined} />
      <Typography.Text type="secondary">
        <FormattedMessage id="plans.tax" values={{ tax: plan.taxPerc }} />
      </Typography.Text>
      <PlanLimits limits={plan.limits} />
      {loggedIn ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <CouponField lookupKey={plan.lookupKey} applied={coupon} onApplied={setCoupon} />
          {coupon && (
            <Typography.Text type="success" data-testid="coupon-discount">
              <FormattedMessage
                id="checkout.coupon.discount"
                values={{ discount: coupon.discount.toFixed(2), code: coupon.code }}
              />
            </Typography.Text>
          )}
          <Space>
            <HostFormPost
              action={paymentHostUrl('create-checkout-session')}
              fields={{
                email: profile?.email ?? '',
                lookup_key: plan.lookupKey,
                amount: (coupon ? coupon.amount : plan.amount).toFixed(2),
                token: mainToken ?? '',
                coupon: coupon?.code ?? '',
              }}
            >
              <Button type="primary" htmlType="submit" disabled={!mainToken}>
                <FormattedMessage id="checkout.submit" />
              </Button>
            </HostFormPost>
            {changePlan}
          </Space>
        </Space>
      ) : (
        <Space orientation="vertical">
          <Typography.Text>
            <FormattedMessage id="checkout.loginRequired" />
          </Typography.Text>
          <Space>
            <Button type="primary" onClick={() => navigate(loginPathReturningTo(pathname))}>
              <FormattedMessage id="layout.login" />
            </Button>
            {changePlan}
          </Space>
        </Space>
      )}
    </Card>
  );
}
