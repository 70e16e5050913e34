import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { USER_CONTEXT_QUERY_KEY } from '../../app/user-context/user-context-query';
import { UserContextProvider } from '../../app/user-context/user-context-provider';
import { englishMessages } from '../../i18n/load-messages';
import { ApiClient, ApiClientProvider } from '../../platform/api';
import { userContext } from '../../test-utils/fake-server';
import { CommercialTransactionsPage } from './commercial-transactions-page';
import { CookiePolicyPage } from './cookie-policy-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { SupportPage } from './support-page';
import { TermsPage } from './terms-page';

/** The page rendered to HTML by React's server renderer, as the server does, every Suspense settled. */
async function serverHtml(Page: ComponentType, locale: string): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(USER_CONTEXT_QUERY_KEY, userContext());
  const api = new ApiClient({ fetch: () => Promise.reject(new Error('no requests on the server')) });
  const { prelude } = await prerender(
    <ApiClientProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} defaultLocale="en-US" messages={englishMessages}>
          <MantineProvider>
            <UserContextProvider>
              <MemoryRouter initialEntries={['/terms/']}>
                <Page />
              </MemoryRouter>
            </UserContextProvider>
          </MantineProvider>
        </IntlProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return new Response(prelude).text();
}

describe('the legal pages on the server', () => {
  it.each([
    ['terms', 'ja-JP', '利用規約', TermsPage],
    ['refund policy', 'es-ES', 'Política de reembolso', RefundPolicyPage],
    ['privacy policy', 'pt-BR', 'Política de Privacidade', PrivacyPolicyPage],
    ['cookie policy', 'en-US', 'Cookie Policy', CookiePolicyPage],
    ['commercial transactions', 'ja-JP', '特定商取引法に基づく表記', CommercialTransactionsPage],
    ['help center', 'en-US', 'Help Center', SupportPage],
  ] as const)('the %s page renders its text into the first HTML (%s)', async (_name, locale, title, Page) => {
    const html = await serverHtml(Page, locale);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    // The sections are there, not a loader waiting for the browser.
    expect(html.match(/<h2/g)?.length ?? 0).toBeGreaterThan(1);
    // And the head that search engines and link previews read, in the same language.
    expect(html).toContain(`<title>${title} | Lectern</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/(terms|support)\/[^"]*"/);
  });
});
