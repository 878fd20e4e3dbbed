import type { ReactNode } from 'react';

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
