import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';

/** A success or failure of an action on the users page, shown above its lists until dismissed. */
export interface UsersNotice {
  kind: 'success' | 'failure';
  text: string;
}

/** Announces the notice (a status for successes, an alert for failures); dismissible. */
export function UsersBanner({ notice, onClose }: { notice: UsersNotice | null; onClose: () => void }) {
  const intl = useIntl();
  if (!notice) return null;
  const success = notice.kind === 'success';
  return (
    <Alert
      color={success ? 'green' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
      onClose={onClose}
      data-testid="users-notice"
    >
      {notice.text}
    </Alert>
  );
}
