import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { mainApi } from '../../api/mainApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PALETTE } from '../../app/palette';
import { ROUTE_PATHS } from '../../app/routePaths';
import { selectMainToken } from '../auth/sessionSlice';
import { HostFormPost, paymentHostUrl } from './HostFormPost';

/**
 * /payment/success/:session_id?product= (spec §2): thanks naming the product, Search Map, and Manage
 * your billing information (a form post of the session id and the main-server token to the payment
 * host's portal call).
 */
export function PaymentSuccessScreen() {
  const { session_id: sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const product = search.get('product');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // The portal opens only for the buyer: the main-server token travels with the form (issue 10 item 6).
  const mainToken = useAppSelector(selectMainToken);

  // The webhook has changed the plan: the Plan button and dialog must not show the old one.
  useEffect(() => {
    dispatch(mainApi.util.invalidateTags(['Subscription']));
  }, [dispatch]);

  return (
    <Card style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center' }}>
      <CheckCircleFilled style={{ fontSize: 48, color: PALETTE.success }} />
      <Typography.Title level={2} data-testid="payment-thanks">
        {product ? (
          <FormattedMessage id="payment.success.thanks" values={{ product }} />
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
