import { FormattedMessage } from 'react-intl';
import { PlainButton } from '../../ui/plain-button';
import classes from './consent.module.css';
import { useStableId } from '../../ui/use-stable-id';

export interface ConsentBannerProps {
  onAcceptAll(): void;
  onRejectAll(): void;
  onOpenSettings(): void;
}

/**
 * The first-visit cookie banner (platform §4): a labelled region at the bottom of the page,
 * not a dialog, so nothing is blocked while the visitor has not chosen. Accepting and
 * rejecting carry the same weight; the settings open the preference center.
 *
 * Plain elements and CSS (no Mantine JavaScript), so it can be hydrated as an island on
 * public pages (app/islands); the CSS module draws Mantine's layout from its CSS variables.
 */
export function ConsentBanner({ onAcceptAll, onRejectAll, onOpenSettings }: ConsentBannerProps) {
  const titleId = useStableId('consent-title');
  return (
    <section className={classes.banner} aria-labelledby={titleId} data-testid="consent-banner">
      <div className={classes.container}>
        <h2 className={classes.title} id={titleId}>
          <FormattedMessage id="consent.banner.title" />
        </h2>
        <p className={classes.text}>
          <FormattedMessage id="consent.banner.text" />
        </p>
        <div className={classes.actions}>
          <PlainButton onClick={onAcceptAll}>
            <FormattedMessage id="consent.banner.acceptAll" />
          </PlainButton>
          <PlainButton onClick={onRejectAll}>
            <FormattedMessage id="consent.banner.rejectAll" />
          </PlainButton>
          <PlainButton variant="default" onClick={onOpenSettings}>
            <FormattedMessage id="consent.banner.settings" />
          </PlainButton>
        </div>
      </div>
    </section>
  );
}
