import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverErrorBody } from '../../api/responses';
import type { CouponQuote } from '../../contract/Coupons';
import { useQuoteCouponMutation } from './couponEndpoints';

export interface CouponFieldProps {
  lookupKey: string;
  applied: CouponQuote | null;
  onApplied: (quote: CouponQuote | null) => void;
}

/**
 * The checkout's coupon field: Apply asks the payment host for the plan's price with
 * the code; a code that cannot be used shows the translated 'Invalid coupon code' (spec §8). An applied
 * coupon can be removed.
 */
export function CouponField({ lookupKey, applied, onApplied }: CouponFieldProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [quote, { isLoading }] = useQuoteCouponMutation();

  async function apply() {
    const typed = code.trim();
    if (!typed) return;
    setFailure(null);
    const result = await quote({ code: typed, lookup_key: lookupKey });
    if ('data' in result && result.data) {
      onApplied(result.data);
      return;
    }
    onApplied(null);
    const status = 'error' in result ? (result.error as { status?: unknown }).status : undefined;
    // A refused code (400) is always the spec's translated message; an outage says what the server said.
    const message = status === 400 ? null : serverErrorBody(result.error).message;
    setFailure(message ?? intl.formatMessage({ id: 'checkout.coupon.invalid' }));
  }

  if (applied) {
    return (
      <Space wrap data-testid="coupon-applied">
        <Typography.Text>
          <FormattedMessage id="checkout.coupon.applied" values={{ code: applied.code }} />
        </Typography.Text>
        <Button
          size="small"
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          <FormattedMessage id="checkout.coupon.remove" />
        </Button>
      </Space>
    );
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={intl.formatMessage({ id: 'checkout.coupon.label' })}
          placeholder={intl.formatMessage({ id: 'checkout.coupon.label' })}
          value={code}
          maxLength={40}
          status={failure ? 'error' : undefined}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void apply()}
        />
        <Button onClick={() => void apply()} loading={isLoading} disabled={!code.trim()}>
          <FormattedMessage id="checkout.coupon.apply" />
        </Button>
      </Space.Compact>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Space>
  );
}
