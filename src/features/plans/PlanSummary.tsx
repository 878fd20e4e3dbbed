import { CheckOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { PALETTE } from '../../theme/palette';
import type { PlanLimits as Limits } from '../../contract/Subscription';
import { formatMoney } from '../../lib/format/numbers';

// A plan's price and monthly limits as the plans and checkout screens show them.

/**
 * "CHF 59.90 per month" (spec §9 money: 2 decimals, en-US digits). With a coupon (`discounted`) the price
 * to pay shows, the plan's price struck through beside it.
 */
export function PlanPrice({ amount, discounted }: { amount: number; discounted?: number }) {
  return (
    <div>
      <Typography.Text strong style={{ fontSize: 28 }} data-testid="plan-price">
        {formatMoney(discounted ?? amount, 'CHF')}
      </Typography.Text>{' '}
      {discounted !== undefined && (
        <>
          <Typography.Text delete type="secondary" data-testid="plan-price-before">
            {formatMoney(amount, 'CHF')}
          </Typography.Text>{' '}
        </>
      )}
      <Typography.Text type="secondary">
        <FormattedMessage id="plans.perMonth" />
      </Typography.Text>
    </div>
  );
}

const LIMIT_LINES: { key: keyof Limits; id: string }[] = [
  { key: 'max_advance_search', id: 'plans.limit.advanceSearch' },
  { key: 'max_full_view', id: 'plans.limit.fullView' },
  { key: 'max_report_download', id: 'plans.limit.reportDownload' },
];

/** A plan's monthly limits as translated lines ("350 advanced searches"). */
export function PlanLimits({ limits }: { limits: Limits }) {
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: '12px 0' }}>
      {LIMIT_LINES.map(({ key, id }) => (
        <li key={key} style={{ padding: '4px 0' }}>
          <CheckOutlined style={{ color: PALETTE.success, marginRight: 8 }} />
          <FormattedMessage id={id} values={{ count: limits[key] }} />
        </li>
      ))}
    </ul>
  );
}
