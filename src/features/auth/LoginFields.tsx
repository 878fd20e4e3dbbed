// Input and Password by their own modules: antd's `Input` carries TextArea, Search and OTP with it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useId, type ComponentProps, type CSSProperties, type FormEvent, type ReactNode } from 'react';

/**
 * Light form parts for the first screen a visitor sees (the login screen): a native form and labelled
 * antd inputs laid out like antd's vertical Form, without antd's Form stack (rc-field-form,
 * async-validator), which the other account screens still use (docs/adr/008-first-load-budget.md).
 */

const ITEM_STYLE: CSSProperties = { marginBottom: 24 };
const LABEL_STYLE: CSSProperties = {
  display: 'block',
  paddingBottom: 8,
  color: 'rgba(0, 0, 0, 0.88)',
  fontSize: 14,
  lineHeight: 1.5714285714285714,
};

/** A native form that hands its submit (button or Enter) to `onSubmit`. */
export function LightForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

type FieldProps = { label: string } & (
  | ({ password?: false } & Omit<ComponentProps<typeof Input>, 'id'>)
  | ({ password: true } & Omit<ComponentProps<typeof Password>, 'id'>)
);

/** A labelled antd Input (or Password), spaced like a vertical Form.Item. */
export function LightField({ label, password, ...input }: FieldProps) {
  const id = useId();
  return (
    <div style={ITEM_STYLE}>
      <label htmlFor={id} style={LABEL_STYLE}>
        {label}
      </label>
      {password ? <Password id={id} {...input} /> : <Input id={id} {...input} />}
    </div>
  );
}

/** antd's Space (vertical, small) as a plain flex column. */
export function Stack({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>{children}</div>;
}

/** antd's Space (horizontal, small) as a plain flex row. */
export function Row({ children }: { children: ReactNode }) {
  return <div style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>{children}</div>;
}
