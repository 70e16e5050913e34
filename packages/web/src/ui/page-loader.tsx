import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The spinner shown while a page's code or data is on its way. */
export function PageLoader({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <Center py="xl" role="status" aria-label={label ?? intl.formatMessage({ id: 'common.loading' })}>
      <Loader aria-hidden="true" />
    </Center>
  );
}
