import { Button, type ButtonProps } from '@mantine/core';
import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A form's submit button for forms that only the page's JavaScript can send. Until the page
 * is hydrated it is disabled, so neither a click nor Enter in a field can send the form the
 * browser's way (a GET to the page itself, with every field, a password too, in the URL).
 */
export function SubmitButton({
  disabled,
  ...props
}: ButtonProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonProps | 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={disabled || !hydrated} {...props} />;
}
