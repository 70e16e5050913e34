import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../platform/report-error';
import { ModuleLoadErrorPage } from '../../ui/module-load-error-page';

/** A page that threw while rendering: report it and offer a reload, keeping the shell. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { boundary: 'route' });
  }, [error]);
  return <ModuleLoadErrorPage />;
}
