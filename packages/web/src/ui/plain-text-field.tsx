import type { InputHTMLAttributes, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import classes from './plain-form.module.css';
import { useStableId } from './use-stable-id';

/**
 * A labelled text input with its error, looking like Mantine's TextInput without Mantine's
 * JavaScript: for forms hydrated as islands on public pages (app/islands). Elsewhere use
 * Mantine's TextInput.
 */
export function PlainTextField({
  label,
  error,
  name,
  required,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  name: string;
  error?: string | null;
}) {
  const id = useStableId(name);
  const errorId = `${id}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <div id={errorId} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * An alert in a form, looking like Mantine's light Alert (see PlainTextField); with
 * `onDismiss`, a close button as Mantine's `withCloseButton`.
 */
export function PlainAlert({
  tone,
  onDismiss,
  children,
}: {
  tone: 'red' | 'yellow';
  onDismiss?: () => void;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`${classes.alert} ${classes[tone]}`}>
      {onDismiss ? (
        <div className={classes.alertRow}>
          <div className={classes.alertBody}>{children}</div>
          <DismissButton onDismiss={onDismiss} />
        </div>
      ) : (
        children
      )}
    </div>
  );
}

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const intl = useIntl();
  return <PlainCloseButton label={intl.formatMessage({ id: 'common.dismiss' })} onClick={onDismiss} />;
}

/** A small "×" button, like Mantine's CloseButton; `label` is its accessible name. */
export function PlainCloseButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={classes.close} aria-label={label} disabled={disabled} onClick={onClick}>
      ×
    </button>
  );
}
