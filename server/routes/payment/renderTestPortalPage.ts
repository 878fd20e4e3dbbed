import type { SubscriptionRecord } from '../../store/subscriptions/SubscriptionRepository';
import { PAYMENT_PREFIX } from '../../services/billing/createTestProvider';
import { escapeHtml } from './escapeHtml';
import { renderPaymentPage } from './renderPaymentPage';

function longDate(isoDate: string): string {
  return (
    new Date(isoDate).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) +
    ' UTC'
  );
}

/** The built-in billing portal: the subscription, and cancel at period end (or undo it). */
export function renderTestPortalPage(
  portalId: string,
  subscription: SubscriptionRecord | null,
  returnUrl: string,
): string {
  const base = `${PAYMENT_PREFIX}/test-portal/${encodeURIComponent(portalId)}`;
  const back = `<p><a href="${escapeHtml(returnUrl)}">Return to Parcel Atlas</a></p>`;
  if (!subscription || subscription.provider !== 'test') {
    return renderPaymentPage('Billing', `<h1>Billing</h1><p>No subscription is managed here.</p>${back}`);
  }
  const cancelling = subscription.cancelAtPeriodEnd;
  const canChange = subscription.status === 'active';
  const action = cancelling
    ? `<form method="post" action="${escapeHtml(base)}/resume"><button type="submit" class="primary">Keep my subscription</button></form>`
    : `<form method="post" action="${escapeHtml(base)}/cancel"><button type="submit" class="danger">Cancel at period end</button></form>`;
  return renderPaymentPage(
    'Billing',
    `<h1>Your subscription</h1>
<dl>
  <dt>Plan</dt><dd>${escapeHtml(subscription.product)}</dd>
  <dt>Status</dt><dd>${escapeHtml(subscription.status)}</dd>
  <dt>${cancelling ? 'Ends on' : 'Renews on'}</dt><dd>${escapeHtml(longDate(subscription.periodEnd))}</dd>
  <dt>Limits</dt><dd>${escapeHtml(subscription.limits.advance_search)} advanced searches, ${escapeHtml(subscription.limits.full_view)} full views, ${escapeHtml(subscription.limits.report_download)} report downloads</dd>
</dl>
${cancelling ? '<p>Your subscription will not renew; it stays usable until the end of the period.</p>' : ''}
${canChange ? action : ''}
${back}`,
  );
}
