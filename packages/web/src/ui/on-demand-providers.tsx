import { MantineContext, MantineProvider } from '@mantine/core';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { createQueryClient } from '../app/providers/query-client';
import { cssVariablesResolver, theme } from '../app/providers/theme';
import { readCspNonce } from '../platform/csp-nonce';

/**
 * The libraries a part loaded on demand by an island needs (a dialog opened from a public page,
 * see app/islands): the app's Mantine theme and a query cache, each given only where none is
 * around, so inside the single-page app, which has both, its children render as they are.
 */
export function OnDemandProviders({ children }: { children: ReactNode }) {
  const hasMantine = useContext(MantineContext) !== null;
  const hasQueryClient = useContext(QueryClientContext) !== undefined;
  const [queryClient] = useState(() => (hasQueryClient ? null : createQueryClient()));
  let tree = children;
  if (queryClient) tree = <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>;
  if (!hasMantine) {
    tree = (
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        getStyleNonce={readCspNonce}
      >
        {tree}
      </MantineProvider>
    );
  }
  return tree;
}
