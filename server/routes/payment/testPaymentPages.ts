import { escapeHtml } from '../../services/mail/composeAccountMail';
import type { Plan } from '../../../src/contract/Subscription';
import { PAYMENT_PREFIX } from '../../services/billing/testProvider';
import type { SubscriptionRecord } from '../../store/contract/subscriptions/SubscriptionRepository';

/**
 * The frame of the built-in test checkout and portal pages: a plain, self-contained page (no scripts)
 * with a banner that says, on every page, that this is a test payment.
 */
export function renderPaymentPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Parcel Atlas</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f7f8; color: #1f2d33; }
  .banner { background: #ff9800; color: #000; text-align: center; padding: 10px; font-weight: 700; letter-spacing: .04em; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 28px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.3rem; margin: 0 0 4px; color: #176b73; }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 20px; }
  label { display: block; font-size: .85rem; margin: 12px 0 4px; color: #4a5a60; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border: 1px solid #c4cdd0; border-radius: 4px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; padding: 12px; font-size: 1rem; border: 0; border-radius: 4px; cursor: pointer; margin-top: 16px; }
  .primary { background: #2199A5; color: #fff; } .secondary { background: #e8eef0; color: #1f2d33; }
  .danger { background: #f44336; color: #fff; }
  .error { background: #fdecea; color: #b71c1c; padding: 10px; border-radius: 4px; margin: 12px 0; }
  .hint { font-size: .8rem; color: #6b7b80; margin-top: 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; } dt { color: #4a5a60; } dd { margin: 0; font-weight: 600; }
  a { color: #176b73; }
</style>
</head>
<body>
<div class="banner" role="alert">TEST PAYMENT · no real card is charged</div>
<main>
${body}
</main>
</body>
</html>`;
}

export interface TestCheckoutView {
  sessionId: string;
  plan: Plan;
  email: string;
  /** A refusal to show above the form (declined card, malformed number). */
  error?: string;
  cardNumber?: string;
  /** The price to pay in cents when a coupon lowered it, with its code. */
  discounted?: { amountCents: number; couponCode: string };
}

/** The built-in hosted checkout: plan and amount, a card form prefilled with Stripe's success test card, Pay and Cancel. */
export function renderTestCheckoutPage({
  sessionId,
  plan,
  email,
  error,
  cardNumber,
  discounted,
}: TestCheckoutView): string {
  const base = `${PAYMENT_PREFIX}/test-checkout/${encodeURIComponent(sessionId)}`;
  const amount = discounted
    ? `CHF ${(discounted.amountCents / 100).toFixed(2)} (coupon ${discounted.couponCode}, instead of CHF ${plan.amount.toFixed(2)})`
    : `CHF ${plan.amount.toFixed(2)}`;
  return renderPaymentPage(
    'Test checkout',
    `<h1>Subscribe to ${escapeHtml(plan.name)}</h1>
<div class="amount">${escapeHtml(amount)} <small>per month</small></div>
${email ? `<p>Billed to <strong>${escapeHtml(email)}</strong></p>` : ''}
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(base)}/pay">
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" value="${escapeHtml(cardNumber ?? '4242 4242 4242 4242')}">
  <div class="row">
    <div><label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12/34"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div>
  </div>
  <button type="submit" class="primary">Pay ${escapeHtml(amount)}</button>
</form>
<form method="post" action="${escapeHtml(base)}/cancel">
  <button type="submit" class="secondary">Cancel</button>
</form>
<p class="hint">This is a test payment page. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>`,
  );
}

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
