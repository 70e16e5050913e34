import { describe, expect, it } from 'vitest';
import { authenticatedMe, userContext } from '../../test-utils/fake-server';
import { createUserContext, DEFAULT_BRAND_NAME, UserContextNotLoadedError } from './user-context';

describe('createUserContext', () => {
  it('throws when user or visiting data is read before it has loaded', () => {
    const context = createUserContext(undefined);
    expect(context.isLoaded).toBe(false);
    expect(() => context.me).toThrow(UserContextNotLoadedError);
    expect(() => context.visiting).toThrow(UserContextNotLoadedError);
    expect(() => context.config).toThrow(UserContextNotLoadedError);
    expect(context.brandName).toBe(DEFAULT_BRAND_NAME);
  });

  it('reads the loaded parts and the configured brand', () => {
    const response = userContext(authenticatedMe());
    response.Config!.brand.name = 'Acme Learning';
    const context = createUserContext(response);
    expect(context.isLoaded).toBe(true);
    expect(context.me).toMatchObject({ is_authenticated: true, display_name: 'Ada Lovelace' });
    expect(context.visiting?.visitor_uuid).toBe('visitor-1');
    expect(context.brandName).toBe('Acme Learning');
  });
});
