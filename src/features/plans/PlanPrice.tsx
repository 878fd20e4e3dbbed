import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { formatChf } from './formatChf';

/** "CHF 59.90 per month". */
export function PlanPrice({ amount }: { amount: number }) {
  return (
    <div>
      <Typography.Text strong style={{ fontSize: 28 }} data-testid="plan-price">
        {formatChf(amount)}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">
        <FormattedMessage id="plans.perMonth" />
      </Typography.Text>
    </div>
  );
}
