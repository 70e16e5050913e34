import { MantineContext, MantineProvider } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../app/providers/theme';
import { readCspNonce } from '../platform/csp-nonce';

/**
 * Mantine for a part that an island loads on demand (a dialog opened from a public page, see
 * app/islands): its children get the app's theme when no MantineProvider is around them, and
 * are rendered as they are inside the single-page app, which has one.
 */
export function WithMantine({ children }: { children: ReactNode }) {
  if (useContext(MantineContext)) return children;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      getStyleNonce={readCspNonce}
    >
      {children}
    </MantineProvider>
  );
}
