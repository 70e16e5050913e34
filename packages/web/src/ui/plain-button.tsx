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
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & LookProps) {
  return <button type={type} className={lookOf({ variant, fullWidth }, className)} {...rest} />;
}

/** A link to a page of this site that looks like a PlainButton. */
export function PlainButtonLink({ variant, fullWidth, className, ...rest }: AppLinkProps & LookProps) {
  return <AppLink className={lookOf({ variant, fullWidth }, className)} {...rest} />;
}
