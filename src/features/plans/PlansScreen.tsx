import { Alert, Button, Card, Col, Row, Spin, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useGetPlansQuery } from './planEndpoints';
import { PlanLimits, PlanPrice } from './PlanSummary';

/** /plans (spec §2): every plan with its price, limits and a Select Plan button leading to its checkout. */
export function PlansScreen() {
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <section aria-labelledby="plans-title">
      <Typography.Title level={2} id="plans-title" style={{ textAlign: 'center' }}>
        <FormattedMessage id="plans.title" />
      </Typography.Title>
      {isLoading && <Spin aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {isError && <Alert type="error" showIcon title={<FormattedMessage id="plans.loadError" />} />}
      <Row gutter={[24, 24]} justify="center">
        {(plans ?? []).map((plan) => (
          <Col key={plan.id} xs={24} md={8}>
            <Card title={plan.name} data-testid={`plan-${plan.id}`} style={{ height: '100%' }}>
              <PlanPrice amount={plan.amount} />
              <PlanLimits limits={plan.limits} />
              <Button
                type="primary"
                block
                onClick={() => navigate(`/checkout/${encodeURIComponent(plan.id)}`)}
              >
                <FormattedMessage id="plans.select" />
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
