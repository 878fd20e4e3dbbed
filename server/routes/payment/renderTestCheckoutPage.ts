import type { Plan } from '../../../src/contract/Subscription';
import { PAYMENT_PREFIX } from '../../services/billing/createTestProvider';
import { escapeHtml } from './escapeHtml';
import { renderPaymentPage } from './renderPaymentPage';

export interface TestCheckoutView {
  sessionId: string;
  plan: Plan;
  email: string;
  /** A refusal to show above the form (declined card, malformed number). */
  error?: string;
  cardNumber?: string;
}

/** The built-in hosted checkout: plan and amount, a card form prefilled with Stripe's success test card, Pay and Cancel. */
export function renderTestCheckoutPage({
  sessionId,
  plan,
  email,
  error,
  cardNumber,
}: TestCheckoutView): string {
  const base = `${PAYMENT_PREFIX}/test-checkout/${encodeURIComponent(sessionId)}`;
  const amount = `CHF ${plan.amount.toFixed(2)}`;
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
