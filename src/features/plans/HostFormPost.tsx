import type { ReactNode } from 'react';
import { runtimeConfig } from '../../config/runtimeConfig';

/** An absolute URL on the payment host from the runtime config, e.g. `paymentHostUrl('create-checkout-session')`. */
export function paymentHostUrl(path: string): string {
  return `${runtimeConfig().paymentUrl}/v1/secure/payment/${path}`;
}

export interface HostFormPostProps {
  action: string;
  fields: Record<string, string>;
  /** The submit control(s), e.g. an antd Button with htmlType="submit". */
  children: ReactNode;
}

/**
 * A real HTML form POST (spec §7: the payment host takes forms), so the browser follows the host's 303
 * to the provider's hosted page with a normal navigation.
 */
export function HostFormPost({ action, fields, children }: HostFormPostProps) {
  return (
    <form method="post" action={action} style={{ display: 'inline' }}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
