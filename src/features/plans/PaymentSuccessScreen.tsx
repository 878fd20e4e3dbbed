import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { mainApi } from '../../api/mainApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PALETTE } from '../../theme/palette';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { selectMainToken } from '../auth/sessionSlice';
import { useGetCheckoutStatusQuery } from './checkoutStatusEndpoint';
import { HostFormPost, paymentHostUrl } from './HostFormPost';

/**
 * /payment/success/:session_id (spec §2): thanks naming the product, Search Map, and Manage your billing
 * information (a form post of the session id and the main-server token to the payment host's portal
 * call). The thanks show only once the server confirms that this checkout is the user's and was paid,
 * with the product the server names (the URL alone proves nothing).
 */
export function PaymentSuccessScreen() {
  const { session_id: sessionId = '' } = useParams();
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // The portal opens only for the buyer: the main-server token travels with the form.
  const mainToken = useAppSelector(selectMainToken);
  const { data, isLoading, isError } = useGetCheckoutStatusQuery(sessionId);
  const paid = data?.status === 'complete';

  // The webhook has changed the plan: the Plan button and dialog must not show the old one.
  useEffect(() => {
    if (paid) dispatch(mainApi.util.invalidateTags(['Subscription']));
  }, [dispatch, paid]);

  if (isLoading) return <Spin aria-label={intl.formatMessage({ id: 'payment.success.checking' })} />;
  if (isError || !data || !paid) {
    return (
      <Card style={{ maxWidth: 560, margin: '0 auto' }}>
        <Result
          status="warning"
          title={<FormattedMessage id="payment.success.notConfirmed" />}
          subTitle={<FormattedMessage id="payment.success.notConfirmedHint" />}
          extra={
            <Button type="primary" onClick={() => navigate(ROUTE_PATHS.plans)}>
              <FormattedMessage id="plans.select" />
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center' }}>
      <CheckCircleFilled style={{ fontSize: 48, color: PALETTE.success }} />
      <Typography.Title level={2} data-testid="payment-thanks">
        {data.product ? (
          <FormattedMessage id="payment.success.thanks" values={{ product: data.product }} />
        ) : (
          <FormattedMessage id="payment.success.thanksNoProduct" />
        )}
      </Typography.Title>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button type="primary" onClick={() => navigate(ROUTE_PATHS.mapview)}>
          <FormattedMessage id="payment.success.searchMap" />
        </Button>
        <HostFormPost
          action={paymentHostUrl('create-portal-session')}
          fields={{ session_id: sessionId, token: mainToken ?? '' }}
        >
          <Button htmlType="submit">
            <FormattedMessage id="payment.success.manageBilling" />
          </Button>
        </HostFormPost>
      </Space>
    </Card>
  );
}
