import './loginFields.css';
import {
  useId,
  useState,
  type CSSProperties,
  type FormEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { useAntdLocale } from '../../theme/antdLocale';
import { LightButton } from '../ui/LightButton';
import { EyeIcon, EyeInvisibleIcon } from '../ui/icons';

/**
 * Light form parts for the first screen a visitor sees (the login screen): a native form and labelled
 * inputs with antd's Input and Password look (loginFields.css) laid out like antd's vertical Form, without
 * antd's runtime, which the other account screens still use with antd's Form in their own chunks
 * (docs/adr/008-first-load-budget.md).
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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  /** antd's `status`: a red border (and focus ring) while set. */
  status?: 'error';
};

type FieldProps = InputProps & { label: string; password?: boolean };

/** A labelled input (or password input), spaced like a vertical Form.Item. */
export function LightField({ label, password, ...input }: FieldProps) {
  const id = useId();
  return (
    <div style={ITEM_STYLE}>
      <label htmlFor={id} style={LABEL_STYLE}>
        {label}
      </label>
      {password ? <PasswordInput id={id} {...input} /> : <TextInput id={id} {...input} />}
    </div>
  );
}

const statusClass = (status: InputProps['status']) => (status === 'error' ? ' light-input-error' : '');

/** antd's Input. */
function TextInput({ status, className, ...input }: InputProps & { id: string }) {
  return (
    <input type="text" className={`light-input${statusClass(status)} ${className ?? ''}`.trim()} {...input} />
  );
}

const keepFocus = (event: SyntheticEvent) => event.preventDefault();

/** antd's Password: an input with the eye that shows or hides the password (click, Enter or Space). */
function PasswordInput({ status, className, ...input }: InputProps & { id: string }) {
  const [visible, setVisible] = useState(false);
  const texts = useAntdLocale()?.global;
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!event.repeat) setVisible((shown) => !shown);
    }
  }
  return (
    <span className={`light-input light-input-affix${statusClass(status)} ${className ?? ''}`.trim()}>
      <input type={visible ? 'text' : 'password'} {...input} />
      <span className="light-input-suffix">
        <span
          role="button"
          tabIndex={0}
          className="light-input-password-icon"
          aria-disabled={false}
          aria-pressed={visible}
          aria-label={visible ? (texts?.hide ?? 'Hide') : (texts?.show ?? 'Show')}
          // Keeps the focus (and the caret) in the input, like antd.
          onMouseDown={keepFocus}
          onMouseUp={keepFocus}
          onKeyDown={onKeyDown}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </span>
      </span>
    </span>
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

/** A step's submit button (its text by translation key) beside Back. */
export function SubmitAndBack({
  submitId,
  loading,
  onBack,
}: {
  submitId: string;
  loading: boolean;
  onBack(): void;
}) {
  return (
    <Row>
      <LightButton type="primary" htmlType="submit" loading={loading}>
        <FormattedMessage id={submitId} />
      </LightButton>
      <LightButton onClick={onBack}>
        <FormattedMessage id="auth.back" />
      </LightButton>
    </Row>
  );
}
