import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

function productionContext() {
  const context = userContext();
  context.Config!.env = 'production';
  return context;
}

describe('the developer pages where the server runs in production', () => {
  it.each(['/dev/clock/', '/dev/mailbox/', '/dev/mailbox/?mail=1'])(
    '%s says the tools are not there, and asks nothing of their API',
    async (path) => {
      const server = fakeServer({
        ...fakeCartServer().routes,
        'GET /api-2.0/contexts/me/': json(productionContext()),
      });
      renderApp({ fetch: server.fetch, path });
      expect(await screen.findByTestId('dev-tools-unavailable')).toBeTruthy();
      expect(server.requests.some((request) => request.path.startsWith('/api-2.0/dev/'))).toBe(false);
    },
  );
});
