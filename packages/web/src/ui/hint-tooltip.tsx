import { useState, type ReactNode } from 'react';
import classes from './hint-tooltip.module.css';
import { useStableId } from './use-stable-id';

/**
 * A button that shows a short explanation in a bubble under it: on hover, on focus, on a
 * tap (which toggles it), and hidden again by Escape (WCAG 1.4.13). The text is the button's
 * description for screen readers whether shown or not. Plain elements and CSS, no
 * positioning library: the bubble is placed under the button, within its line.
 */
export function HintTooltip({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useStableId('hint');
  const [open, setOpen] = useState(false);
  return (
    <span className={classes.anchor} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={[classes.trigger, className].filter(Boolean).join(' ')}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {children}
      </button>
      <span role="tooltip" id={id} className={classes.bubble} hidden={!open}>
        {label}
      </span>
    </span>
  );
}
