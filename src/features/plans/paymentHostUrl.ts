import { runtimeConfig } from '../../app/runtimeConfig';

/** An absolute URL on the payment host from the runtime config, e.g. `paymentHostUrl('create-checkout-session')`. */
export function paymentHostUrl(path: string): string {
  return `${runtimeConfig().paymentUrl}/v1/secure/payment/${path}`;
}
