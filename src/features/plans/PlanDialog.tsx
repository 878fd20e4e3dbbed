import { Button, Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { mainApi } from '../../api/mainApi';
import { useAppDispatch } from '../../store/hooks';
import { PALETTE } from '../../theme/palette';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { API_TILE_FAIR_USE_PER_DAY } from '../../contract/ApiKeys';
import type { Subscription } from '../../contract/Subscription';
import { useGetSubscriptionQuery } from './planEndpoints';

export interface PlanDialogProps {
  open: boolean;
  onClose(): void;
}

/** The quota keys the plan dialog knows a translated name for (limits `max_…` and usage). */
const KNOWN_QUOTA_KEYS = [
  'max_advance_search',
  'max_full_view',
  'max_report_download',
  'advance_search',
  'full_view',
  'report_download',
];

type Translate = (id: string) => string;

/**
 * A limit or usage key as the plan dialog shows it (spec §2): underscores as spaces, upper-cased. A known
 * key shows its translated name the same way ("MAX. ERWEITERTE SUCHEN"); an unknown
 * one its raw key.
 */
export function quotaKeyLabel(key: string, translate: Translate): string {
  const name = KNOWN_QUOTA_KEYS.includes(key) ? translate(`plan.quota.${key}`) : key;
  return name.replace(/_/g, ' ').toUpperCase();
}

/** The usage key a limit caps: `max_full_view` caps `full_view` (a usage keyed like the limit also counts). */
function usageFor(limitKey: string, usage: Record<string, number>): number | undefined {
  return usage[limitKey.replace(/^max_/, '')] ?? usage[limitKey];
}

/**
 * Whether the plan dialog marks a limit LIMIT REACHED. The spec says "where a usage value exceeds its
 * limit", but the server counts atomically and never lets usage pass the limit: usage equal to the
 * limit is the state in which the next use is refused, so that is when the mark shows.
 */
function isLimitReached(limitKey: string, limit: number, usage: Record<string, number>): boolean {
  const used = usageFor(limitKey, usage);
  return used !== undefined && used >= limit;
}

const KNOWN_STATUSES = ['trialing', 'active', 'past_due', 'canceled'];

function StatusText({ status }: { status: string }) {
  return KNOWN_STATUSES.includes(status) ? <FormattedMessage id={`plan.status.${status}`} /> : <>{status}</>;
}

/** A titled table of the plan's quota keys (limits or usage). */
function QuotaSection({
  titleId,
  testId,
  children,
}: {
  titleId: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        <FormattedMessage id={titleId} />
      </Typography.Title>
      <Descriptions column={1} bordered size="small" data-testid={testId}>
        {children}
      </Descriptions>
    </>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const intl = useIntl();
  const { limits } = subscription.plan;
  const keyLabel = (key: string) => quotaKeyLabel(key, (id) => intl.formatMessage({ id }));
  return (
    <>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={<FormattedMessage id="plan.dialog.product" />}>
          <span data-testid="plan-product">{subscription.plan.product}</span>
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="plan.dialog.status" />}>
          <StatusText status={subscription.status} />
          {subscription.cancelAtPeriodEnd && (
            <Tag style={{ marginLeft: 8 }}>
              <FormattedMessage id="plan.dialog.cancelsAtEnd" />
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="plan.dialog.renewal" />}>
          <span data-testid="plan-renewal">
            {intl.formatDate(subscription.end, { dateStyle: 'long', timeStyle: 'short' })}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <QuotaSection titleId="plan.dialog.limits" testId="plan-limits">
        {Object.entries(limits).map(([key, limit]) => {
          const reached = isLimitReached(key, limit, subscription.usage);
          return (
            <Descriptions.Item key={key} label={keyLabel(key)}>
              <span
                style={reached ? { color: PALETTE.error, fontWeight: 600 } : undefined}
                data-testid={`limit-${key}`}
              >
                {limit}
                {reached && (
                  <>
                    {' '}
                    <FormattedMessage id="plan.dialog.limitReached" />
                  </>
                )}
              </span>
            </Descriptions.Item>
          );
        })}
      </QuotaSection>
      <QuotaSection titleId="plan.dialog.usage" testId="plan-usage">
        {Object.entries(subscription.usage).map(([key, used]) => (
          <Descriptions.Item key={key} label={keyLabel(key)}>
            <span data-testid={`usage-${key}`}>{used}</span>
          </Descriptions.Item>
        ))}
      </QuotaSection>
      {/* How searches are counted, so paging never feels like spending. */}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="plan-fair-use">
        <FormattedMessage id="plan.dialog.fairUse" />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="plan-per-parcel">
        <FormattedMessage id="plan.dialog.perParcel" />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="plan-list-export-rule">
        <FormattedMessage id="plan.dialog.listExportRule" />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="plan-compare-rule">
        <FormattedMessage id="compare.planRule" />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="plan-api-rule">
        <FormattedMessage
          id="plan.dialog.apiRule"
          values={{ tiles: intl.formatNumber(API_TILE_FAIR_USE_PER_DAY) }}
        />
      </Typography.Paragraph>
    </>
  );
}

/**
 * The plan dialog of spec §2 (max width 700): product, status, renewal date, limits and usage, with
 * LIMIT REACHED in red on an exhausted limit; "no plan details" without a plan. Mounted with the map
 * layout (which loads the subscription at start) and reloads it each time it opens.
 */
export function PlanDialog({ open, onClose }: PlanDialogProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const intl = useIntl();
  const { data, isFetching, isError } = useGetSubscriptionQuery();

  useEffect(() => {
    if (open) dispatch(mainApi.util.invalidateTags(['Subscription']));
  }, [open, dispatch]);

  const subscription = isError ? null : data?.subscription;
  const upgrade = () => {
    onClose();
    navigate(ROUTE_PATHS.plans);
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={700}
      title={<FormattedMessage id="plan.dialog.title" />}
      footer={[
        <Button key="upgrade" onClick={upgrade}>
          <FormattedMessage id="plan.dialog.upgrade" />
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>,
      ]}
    >
      {subscription ? (
        <SubscriptionDetails subscription={subscription} />
      ) : isFetching ? (
        <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : (
        <Typography.Paragraph>
          <FormattedMessage id="plan.dialog.noPlan" />
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
