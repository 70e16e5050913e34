import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../platform/report-error';
import { ModuleLoadErrorBanner } from '../../ui/module-load-error-banner';

/** A page that threw while rendering: report it and offer a reload, keeping the shell. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { boundary: 'route' });
  }, [error]);
  return (
    <Container size="lg" py="xl">
      <ModuleLoadErrorBanner />
    </Container>
  );
}
