import type { TextareaHTMLAttributes } from 'react';
import { describedBy, FieldFrame, type FieldProps } from './plain-form';
import classes from './plain-form.module.css';
import { useStableId } from './use-stable-id';

// Apart from plain-form.tsx: only the checkout's gift message needs it, and the public pages
// that use the other plain fields should not carry it (their JavaScript budget, issue 18).
/**
 * A labelled textarea with its error, like Mantine's Textarea; `counter` (e.g. "12 / 500") is
 * shown under it and read with the field, not announced at each keystroke.
 */
export function PlainTextArea({
  label,
  description,
  error,
  name,
  required,
  counter,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldProps & { counter?: string }) {
  const id = useStableId(name);
  const ids = [describedBy(id, { description, error }), counter && `${id}-counter`].filter(Boolean);
  return (
    <FieldFrame id={id} label={label} description={description} error={error} required={required}>
      <textarea
        id={id}
        name={name}
        required={required}
        className={`${classes.input} ${classes.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.length > 0 ? ids.join(' ') : undefined}
        {...textarea}
      />
      {counter && (
        <div id={`${id}-counter`} className={`${classes.description} ${classes.counter}`}>
          {counter}
        </div>
      )}
    </FieldFrame>
  );
}
