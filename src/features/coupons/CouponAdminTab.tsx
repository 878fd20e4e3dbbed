import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverErrorBody } from '../../api/responses';
import type { Coupon, CouponCreateRequest } from '../../contract/Coupons';
import {
  useCreateCouponMutation,
  useDisableCouponMutation,
  useListCouponsQuery,
} from './couponAdminEndpoints';
import { TAG_TONES } from '../ui/tagTones';

interface CouponFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: number | null;
  expires: Dayjs | null;
  maxRedemptions: number | null;
}

/** The create call's body from the form: percent or amount off, the expiry at the end of the chosen day. */
export function couponRequestFrom(values: CouponFormValues): CouponCreateRequest {
  return {
    code: values.code.trim(),
    ...(values.kind === 'percent' ? { percentOff: values.value ?? 0 } : { amountOff: values.value ?? 0 }),
    ...(values.expires ? { expiresAt: values.expires.endOf('day').toISOString() } : {}),
    ...(values.maxRedemptions ? { maxRedemptions: values.maxRedemptions } : {}),
  };
}

/**
 * The coupons tab of the admin settings: the built-in checkout's coupons with their
 * discount, expiry and use, a form to create one and a Disable action. Self-contained (its own API calls
 * and messages); the settings screen mounts it for admins. With Stripe, coupons are promotion codes
 * managed in Stripe's dashboard, and this list stays empty.
 */
export function CouponAdminTab() {
  const intl = useIntl();
  // The date picker's month and day names (set during render, idempotent; IntlRoot leaves dayjs alone).
  dayjs.locale(intl.locale);
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<CouponFormValues>();
  const kind = Form.useWatch('kind', form) ?? 'percent';
  const { data, isLoading, isError, refetch } = useListCouponsQuery();
  const [createCoupon, { isLoading: creating }] = useCreateCouponMutation();
  const [disableCoupon] = useDisableCouponMutation();
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  async function create(values: CouponFormValues) {
    const result = await createCoupon(couponRequestFrom(values));
    if ('error' in result) {
      setOutcome({
        type: 'error',
        text: serverErrorBody(result.error).message ?? label('coupons.saveFailed'),
      });
      return;
    }
    setOutcome({
      type: 'success',
      text: label('coupons.created', { code: values.code.trim().toUpperCase() }),
    });
    form.resetFields();
    void refetch();
  }

  async function disable(code: string) {
    const result = await disableCoupon(code);
    setOutcome(
      'error' in result
        ? { type: 'error', text: serverErrorBody(result.error).message ?? label('coupons.saveFailed') }
        : { type: 'success', text: label('coupons.disabled', { code }) },
    );
    void refetch();
  }

  const discountOf = (coupon: Coupon) =>
    coupon.percentOff !== null ? `${coupon.percentOff} %` : `CHF ${coupon.amountOff?.toFixed(2)}`;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="coupon-admin">
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="coupons.intro" />
      </Typography.Paragraph>
      {outcome && <Alert type={outcome.type} showIcon title={outcome.text} />}
      {isError && <Alert type="error" showIcon title={label('coupons.loadFailed')} />}
      <Table<Coupon>
        rowKey="code"
        size="small"
        loading={isLoading}
        pagination={false}
        scroll={{ x: true }}
        dataSource={data?.coupons ?? []}
        // antd's disabled grey (1.8:1) would write it: secondary text instead (AA).
        locale={{ emptyText: <Typography.Text type="secondary">{label('coupons.none')}</Typography.Text> }}
        columns={[
          { title: label('coupons.code'), dataIndex: 'code' },
          { title: label('coupons.discount'), render: (_value, coupon) => discountOf(coupon) },
          {
            title: label('coupons.expires'),
            render: (_value, coupon) =>
              coupon.expiresAt
                ? intl.formatDate(coupon.expiresAt, { dateStyle: 'medium' })
                : label('coupons.never'),
          },
          {
            title: label('coupons.used'),
            render: (_value, coupon) =>
              coupon.maxRedemptions === null
                ? label('coupons.usedNoCap', { used: coupon.redeemed })
                : label('coupons.usedOfCap', { used: coupon.redeemed, cap: coupon.maxRedemptions }),
          },
          {
            title: label('coupons.state'),
            render: (_value, coupon) =>
              coupon.active ? (
                <Space>
                  <Tag style={TAG_TONES.green}>{label('coupons.active')}</Tag>
                  <Button size="small" onClick={() => void disable(coupon.code)}>
                    {label('coupons.disable')}
                  </Button>
                </Space>
              ) : (
                <Tag>{label('coupons.inactive')}</Tag>
              ),
          },
        ]}
      />
      <Form<CouponFormValues>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'percent', value: null, expires: null, maxRedemptions: null }}
        onFinish={(values) => void create(values)}
        style={{ maxWidth: 520 }}
      >
        <Typography.Title level={5}>
          <FormattedMessage id="coupons.new" />
        </Typography.Title>
        <Form.Item
          name="code"
          label={label('coupons.code')}
          rules={[
            { required: true, message: label('validation.required') },
            { pattern: /^[A-Za-z0-9_-]{3,40}$/, message: label('coupons.codeRule') },
          ]}
        >
          <Input maxLength={40} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="kind" label={label('coupons.kind')}>
          <Radio.Group
            options={[
              { value: 'percent', label: label('coupons.percentOff') },
              { value: 'amount', label: label('coupons.amountOff') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={label(kind === 'percent' ? 'coupons.percentOff' : 'coupons.amountOff')}
          rules={[{ required: true, message: label('validation.required') }]}
        >
          <InputNumber
            min={kind === 'percent' ? 1 : 0.05}
            max={kind === 'percent' ? 100 : 100000}
            precision={kind === 'percent' ? 0 : 2}
            suffix={kind === 'percent' ? '%' : 'CHF'}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="expires" label={label('coupons.expires')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="maxRedemptions" label={label('coupons.cap')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creating}>
          <FormattedMessage id="coupons.create" />
        </Button>
      </Form>
    </Space>
  );
}
