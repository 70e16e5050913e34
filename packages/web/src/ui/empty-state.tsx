import type { ReactNode } from 'react';
import { AppLink } from '../platform/navigation/navigation';
import classes from './empty-state.module.css';

/** Nothing to show yet, and the one place to go from here (island-safe). */
export function EmptyState({
  message,
  linkTo,
  linkLabel,
}: {
  message: ReactNode;
  linkTo: string;
  linkLabel: ReactNode;
}) {
  return (
    <div className={classes.emptyState}>
      <p className={classes.message}>{message}</p>
      <AppLink to={linkTo} className={classes.link}>
        {linkLabel}
      </AppLink>
    </div>
  );
}
