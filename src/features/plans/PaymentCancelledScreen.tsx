import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { PALETTE } from '../../theme/palette';
import { ROUTE_PATHS } from '../../routing/routePaths';

/** /payment/canceled (spec §2): says the checkout was canceled and offers Select Plan (to /plans). */
export function PaymentCancelledScreen() {
  const navigate = useNavigate();
  return (
    <Card style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 48, color: PALETTE.warning }} />
      <Typography.Title level={2}>
        <FormattedMessage id="payment.cancelled.title" />
      </Typography.Title>
      <Typography.Paragraph>
        <FormattedMessage id="payment.cancelled.text" />
      </Typography.Paragraph>
      <Button type="primary" onClick={() => navigate(ROUTE_PATHS.plans)}>
        <FormattedMessage id="plans.select" />
      </Button>
    </Card>
  );
}
