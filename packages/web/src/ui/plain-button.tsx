import type { ButtonHTMLAttributes } from 'react';
import { AppLink, type AppLinkProps } from '../platform/navigation/navigation';
import classes from './plain-button.module.css';

export type PlainButtonVariant = 'filled' | 'default' | 'subtle' | 'dark';

interface LookProps {
  variant?: PlainButtonVariant;
  fullWidth?: boolean;
}

function lookOf({ variant = 'filled', fullWidth = false }: LookProps, className?: string): string {
  return [classes.button, classes[variant], fullWidth && classes.fullWidth, className]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button that looks like Mantine's without Mantine's JavaScript: for components that are
 * hydrated as islands on public pages (app/islands), where Mantine is not loaded. Elsewhere
 * use Mantine's Button.
 */
export function PlainButton({
  variant,
  fullWidth,
  className,
  type = 'button',
  loading = false,
  disabled,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> &
  LookProps & {
    /** Busy, as Mantine's `loading`: a spinner before the label, and no second press. */
    loading?: boolean;
  }) {
  return (
    <button
      type={type}
      className={lookOf({ variant, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className={classes.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A link to a page of this site that looks like a PlainButton. */
export function PlainButtonLink({ variant, fullWidth, className, ...rest }: AppLinkProps & LookProps) {
  return <AppLink className={lookOf({ variant, fullWidth }, className)} {...rest} />;
}
