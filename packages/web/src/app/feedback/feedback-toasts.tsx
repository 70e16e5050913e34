import { visibleFeedback, type FeedbackEntry, type FeedbackVariant } from '@lectern/domain';
import { Alert, Notification, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useFeedback, useFeedbackState } from './feedback-provider';
import classes from './feedback.module.css';

const COLORS: Readonly<Record<FeedbackVariant, string>> = {
  error: 'red',
  success: 'green',
  warning: 'yellow',
  info: 'blue',
};

/** Errors interrupt (role=alert); everything else is announced politely (role=status). */
const roleOf = (entry: FeedbackEntry) => (entry.variant === 'error' ? 'alert' : 'status');

/** The visible toasts, in a fixed corner region, newest last. */
export function FeedbackToasts() {
  const intl = useIntl();
  const { dismiss } = useFeedback();
  const toasts = visibleFeedback(useFeedbackState(), 'toast');
  if (toasts.length === 0) return null;
  return (
    <Stack className={classes.toasts} gap="xs">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          role={roleOf(toast)}
          color={COLORS[toast.variant]}
          title={toast.title ?? undefined}
          closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.dismiss' }) }}
          onClose={() => dismiss(toast.id)}
          withBorder
        >
          {toast.text}
        </Notification>
      ))}
    </Stack>
  );
}

/** The visible banners, where the page shows them (the layout puts them above every page). */
export function FeedbackBanners() {
  const intl = useIntl();
  const { dismiss } = useFeedback();
  const banners = visibleFeedback(useFeedbackState(), 'banner');
  if (banners.length === 0) return null;
  return (
    <Stack gap="xs" className={classes.banners}>
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          role={roleOf(banner)}
          color={COLORS[banner.variant]}
          variant="light"
          title={banner.title ?? undefined}
          withCloseButton
          closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
          onClose={() => dismiss(banner.id)}
        >
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
