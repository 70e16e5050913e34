import { useIntl } from 'react-intl';
import classes from './shell.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: lets keyboard users jump past the header. */
export function SkipLink() {
  const intl = useIntl();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </a>
  );
}
