import './light.css';
import { useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { LoadingIcon } from './icons';

export interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** antd's `type`: outlined (default), solid primary, text or link. */
  type?: 'default' | 'primary' | 'text' | 'link';
  /** The native button type (antd's `htmlType`). */
  htmlType?: 'button' | 'submit' | 'reset';
  size?: 'middle' | 'small';
  block?: boolean;
  /** Shows the spinning loading icon and ignores clicks, like antd's `loading`. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button with antd's Button look and behaviour (variants, hover and focus ring, click wave, loading) in
 * plain CSS (light.css), for the screens of the first load, which carry no antd runtime
 * (docs/adr/008-first-load-budget.md). antd's Dropdown can wrap it: it takes a ref and passes other props on.
 */
export function LightButton({
  type = 'default',
  htmlType = 'button',
  size,
  block,
  loading,
  icon,
  className,
  children,
  onClick,
  ...rest
}: LightButtonProps) {
  const [wave, setWave] = useState(0);
  const iconOnly = children === undefined || children === null;
  const classes = [
    'light-btn',
    `light-btn-${type}`,
    size === 'small' ? 'light-btn-sm' : '',
    iconOnly && (icon || loading) ? 'light-btn-icon-only' : '',
    block ? 'light-btn-block' : '',
    loading ? 'light-btn-loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  function click(event: MouseEvent<HTMLButtonElement>) {
    // antd ignores clicks while loading, a submit included.
    if (loading) {
      event.preventDefault();
      return;
    }
    if (type === 'default' || type === 'primary') setWave((count) => count + 1);
    onClick?.(event);
  }

  const shownIcon = loading ? <LoadingIcon spin /> : icon;
  return (
    <button type={htmlType} className={classes} onClick={click} {...rest}>
      {shownIcon && <span className="light-btn-icon">{shownIcon}</span>}
      {iconOnly ? null : typeof children === 'string' ? <span>{children}</span> : children}
      {wave > 0 && <span key={wave} className="light-btn-wave" aria-hidden="true" />}
    </button>
  );
}
