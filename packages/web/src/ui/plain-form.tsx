import type { HTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import classes from './plain-form.module.css';
import { useStableId } from './use-stable-id';

/*
 * Form parts that look like Mantine's without Mantine's JavaScript: for forms hydrated as
 * islands (app/islands), and shared with the single-page app's pages that use the same forms
 * (the checkouts). Their ids come from useStableId, so they hydrate inside an island.
 */

export interface FieldProps {
  label: string;
  /** Names the field's element id within its island (useStableId). */
  name: string;
  /** A line of help under the label, as Mantine's `description`. */
  description?: string;
  error?: string | null;
}

/** The label, description and error around one control, wired for assistive technology. */
export function FieldFrame({
  id,
  label,
  description,
  error,
  required,
  children,
}: Omit<FieldProps, 'name'> & { id: string; required?: boolean; children: ReactNode }) {
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
      {description && (
        <div id={`${id}-description`} className={classes.description}>
          {description}
        </div>
      )}
      {children}
      {error && (
        <div id={`${id}-error`} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
}

export function describedBy(id: string, { description, error }: Pick<FieldProps, 'description' | 'error'>) {
  const ids = [description && `${id}-description`, error && `${id}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled text input with its error, like Mantine's TextInput. */
export function PlainTextField({
  label,
  description,
  error,
  name,
  required,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldProps) {
  const id = useStableId(name);
  return (
    <FieldFrame id={id} label={label} description={description} error={error} required={required}>
      <input
        id={id}
        name={name}
        required={required}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { description, error })}
        {...input}
      />
    </FieldFrame>
  );
}

export interface PlainSelectOption {
  value: string;
  label: string;
}

/** A labelled select of the browser's own, like Mantine's NativeSelect. */
export function PlainSelect({
  label,
  description,
  error,
  name,
  options,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> &
  FieldProps & { options: readonly PlainSelectOption[] }) {
  const id = useStableId(name);
  return (
    <FieldFrame id={id} label={label} description={description} error={error}>
      <select
        id={id}
        name={name}
        className={`${classes.input} ${classes.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { description, error })}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox with its label on the right, like Mantine's Checkbox. */
export function PlainCheckbox({
  label,
  name,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: ReactNode; name: string }) {
  const id = useStableId(name);
  return (
    <div className={classes.choice}>
      <input id={id} name={name} type="checkbox" className={classes.choiceInput} {...input} />
      <label htmlFor={id} className={classes.choiceLabel}>
        {label}
      </label>
    </div>
  );
}

/**
 * A spinner that says what is loading, like Mantine's Loader in a status region: centred in
 * its own block, or `inline` and small, in a line of text.
 */
export function PlainLoader({ label, inline = false }: { label: string; inline?: boolean }) {
  if (inline)
    return <span role="status" aria-label={label} className={`${classes.loader} ${classes.small}`} />;
  return (
    <div role="status" aria-label={label} className={classes.loaderBox}>
      <span className={classes.loader} aria-hidden="true" />
    </div>
  );
}

export type PlainAlertTone = 'red' | 'yellow' | 'blue' | 'green';

/**
 * An alert in a form, like Mantine's light Alert (announced as an alert unless `role` says
 * otherwise); with `onDismiss`, a close button as Mantine's `withCloseButton`.
 */
export function PlainAlert({
  tone,
  onDismiss,
  role = 'alert',
  className,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLDivElement>, 'color'> & {
  tone: PlainAlertTone;
  onDismiss?: () => void;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className={[classes.alert, classes[tone], className].filter(Boolean).join(' ')}
      {...rest}
    >
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

/** A small close button (×), like Mantine's CloseButton; `label` is its accessible name. */
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
      {/* Drawn, not a "×" character, so the alert's text is its message alone. */}
      <svg width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M11.78 4.03a.53.53 0 0 0-.75-.75L7.5 6.8 3.97 3.28a.53.53 0 0 0-.75.75L6.75 7.5l-3.53 3.53a.53.53 0 1 0 .75.75L7.5 8.25l3.53 3.53a.53.53 0 0 0 .75-.75L8.25 7.5l3.53-3.47Z"
        />
      </svg>
    </button>
  );
}
