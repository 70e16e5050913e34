import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PlainAlert } from '../../ui/plain-text-field';
import classes from './cart.module.css';

/** A red alert with a close button (Mantine's light Alert `withCloseButton`, island-safe). */
export function DismissibleAlert({ onDismiss, children }: { onDismiss: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <PlainAlert tone="red">
      <div className={classes.alertRow}>
        <div className={classes.alertBody}>{children}</div>
        <button
          type="button"
          className={classes.close}
          aria-label={intl.formatMessage({ id: 'common.dismiss' })}
          onClick={onDismiss}
        >
          ×
        </button>
      </div>
    </PlainAlert>
  );
}
