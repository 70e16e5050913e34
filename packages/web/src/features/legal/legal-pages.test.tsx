import { PAGE_ROUTES, SUPPORTED_LOCALES, type ConfigInfo, type SupportedLocale } from '@lectern/domain';
import { act, screen, within } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../i18n/load-messages';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { setUp } from '../subscriptions/subscription-fixtures';
import { COOKIE_REGISTRY } from '../consent/cookie-registry';
import { CommercialTransactionsPage } from './commercial-transactions-page';
import { CookiePolicyPage } from './cookie-policy-page';
import { cookieKey } from './cookie-table';
import { CONTENTS_MIN_SECTIONS } from './legal-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { SupportPage } from './support-page';
import { TermsPage } from './terms-page';

/** Each page and its h1 in each locale the storefront speaks. */
const PAGES: { name: string; Page: ComponentType; titles: Record<SupportedLocale, string> }[] = [
  {
    name: 'terms',
    Page: TermsPage,
    titles: {
      'en-US': 'Terms of Use',
      'es-ES': 'Términos de uso',
      'pt-BR': 'Termos de Uso',
      'ja-JP': '利用規約',
    },
  },
  {
    name: 'refund policy',
    Page: RefundPolicyPage,
    titles: {
      'en-US': 'Refund Policy',
      'es-ES': 'Política de reembolso',
      'pt-BR': 'Política de Reembolso',
      'ja-JP': '返金ポリシー',
    },
  },
  {
    name: 'privacy policy',
    Page: PrivacyPolicyPage,
    titles: {
      'en-US': 'Privacy Policy',
      'es-ES': 'Política de privacidad',
      'pt-BR': 'Política de Privacidade',
      'ja-JP': 'プライバシーポリシー',
    },
  },
  {
    name: 'cookie policy',
    Page: CookiePolicyPage,
    titles: {
      'en-US': 'Cookie Policy',
      'es-ES': 'Política de cookies',
      'pt-BR': 'Política de Cookies',
      'ja-JP': 'Cookieポリシー',
    },
  },
  {
    name: 'commercial transactions disclosure',
    Page: CommercialTransactionsPage,
    titles: {
      'en-US': 'Disclosure under the Act on Specified Commercial Transactions',
      'es-ES': 'Información conforme a la Ley de Transacciones Comerciales Específicas de Japón',
      'pt-BR': 'Informações exigidas pela Lei de Transações Comerciais Específicas do Japão',
      'ja-JP': '特定商取引法に基づく表記',
    },
  },
  {
    name: 'help center',
    Page: SupportPage,
    titles: {
      'en-US': 'Help Center',
      'es-ES': 'Centro de ayuda',
      'pt-BR': 'Central de Ajuda',
      'ja-JP': 'サポートセンター',
    },
  },
];

/** The day every page says it was last updated, as each locale writes it. */
const LAST_UPDATED: Record<SupportedLocale, string> = {
  'en-US': 'November 26, 2026',
  'es-ES': '26 de noviembre de 2026',
  'pt-BR': '26 de novembro de 2026',
  'ja-JP': '2026年11月26日',
};

/** A page alone, in the app's providers, with react-intl set to `locale`. */
async function renderPage(Page: ComponentType, locale: string, seller?: Partial<ConfigInfo['seller']>) {
  const context = userContext();
  context.Config!.seller = { ...context.Config!.seller, ...seller };
  const { fetch } = fakeServer({});
  // The text is a module loaded on first use (the page suspends): the render is awaited, so
  // React renders again once it has loaded.
  return act(() =>
    renderWithProviders(
      <IntlProvider locale={locale} defaultLocale="en-US" messages={englishMessages}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </IntlProvider>,
      { fetch, context },
    ),
  );
}

/** The levels of the page's headings in document order. */
function headingLevels(container: HTMLElement): number[] {
  return [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
    Number(heading.tagName[1]),
  );
}

describe.each(PAGES)('the $name page', ({ Page, titles }) => {
  it.each(SUPPORTED_LOCALES)(
    'renders in %s: one h1, the date in its format, headings in order',
    async (locale) => {
      const { container } = await renderPage(Page, locale);
      const title = await screen.findByRole('heading', { level: 1 });
      expect(title.textContent).toBe(titles[locale]);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      await expect.poll(() => document.title).toBe(`${titles[locale]} | Lectern`);
      const updated = container.querySelector('time');
      expect(updated?.getAttribute('dateTime')).toBe('2026-11-26');
      expect(updated?.textContent).toBe(LAST_UPDATED[locale]);
      // No level is skipped on the way down (h1 → h2 → h3), so the outline reads in order.
      const levels = headingLevels(container);
      levels.forEach((level, index) => {
        if (index > 0)
          expect(level - levels[index - 1]!, `heading ${index} of ${locale}`).toBeLessThanOrEqual(1);
      });
    },
  );

  it('falls back to English for a locale it has no text in', async () => {
    await renderPage(Page, 'fr-FR');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(titles['en-US']);
  });

  it.each(SUPPORTED_LOCALES)(
    'in %s, lists long texts in a table of contents whose links reach their sections',
    async (locale) => {
      const { container } = await renderPage(Page, locale);
      await screen.findByRole('heading', { level: 1 });
      const sections = container.querySelectorAll('section > h2[id]');
      const contents = screen.queryByRole('navigation', { name: 'On this page' });
      if (sections.length < CONTENTS_MIN_SECTIONS) {
        expect(contents).toBeNull();
        return;
      }
      const links = within(contents!).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        [...sections].map((section) => `#${section.id}`),
      );
      expect(links.map((link) => link.textContent)).toEqual(
        [...sections].map((section) => section.textContent),
      );
    },
  );

  it('links to the other legal pages', async () => {
    await renderPage(Page, 'en-US');
    await screen.findByRole('heading', { level: 1 });
    const seeAlso = screen.getByRole('navigation', { name: 'See also' });
    const hrefs = within(seeAlso)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toHaveLength(5);
    for (const href of hrefs) expect(Object.values(PAGE_ROUTES)).toContain(href);
  });
});

describe('the cookie policy', () => {
  it.each(SUPPORTED_LOCALES)('explains in %s every cookie the consent registry knows', async (locale) => {
    await renderPage(CookiePolicyPage, locale);
    await screen.findByRole('heading', { level: 1 });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      COOKIE_REGISTRY.map(cookieKey),
    );
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      // Category, purpose, how long: none left empty.
      expect(cells.map((cell) => cell.textContent!.trim().length > 0)).toEqual([true, true, true]);
    }
  });
});

describe('the commercial transactions disclosure', () => {
  it('names the configured seller, address and support e-mail', async () => {
    await renderPage(CommercialTransactionsPage, 'ja-JP', {
      name: 'Example Learning K.K.',
      address: '1-2-3 Shibuya\nTokyo 150-0002, Japan',
      support_email: 'help@example.jp',
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('rowheader', { name: '販売業者' }).nextElementSibling?.textContent).toBe(
      'Example Learning K.K.',
    );
    expect(screen.getByRole('rowheader', { name: '所在地' }).nextElementSibling?.textContent).toBe(
      '1-2-3 Shibuya, Tokyo 150-0002, Japan',
    );
    expect(screen.getByRole('link', { name: 'help@example.jp' }).getAttribute('href')).toBe(
      'mailto:help@example.jp',
    );
  });

  it('says the address is disclosed on request when none is configured', async () => {
    await renderPage(CommercialTransactionsPage, 'ja-JP', { address: null });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('rowheader', { name: '所在地' }).nextElementSibling?.textContent).toMatch(
      /ご請求があった場合には遅滞なく開示いたします/,
    );
  });
});

describe('the help center', () => {
  it('answers with the configured support e-mail', async () => {
    await renderPage(SupportPage, 'en-US', { support_email: 'help@acme.example' });
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getAllByRole('link', { name: 'help@acme.example' }).map((link) => link.getAttribute('href')),
    ).toContain('mailto:help@acme.example');
    expect(
      screen.getByRole('heading', { level: 3, name: 'How do I get a refund for a course?' }),
    ).toBeTruthy();
  });
});

describe('the footer', () => {
  it('links every page to the help center and the legal pages', async () => {
    setUp('/terms/', { 'GET /api-2.0/contexts/me/': json(userContext()) }, { signedIn: false });
    const footer = await screen.findByRole('navigation', { name: 'Legal' });
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Help Center', '/support/'],
      ['Terms of Use', '/terms/'],
      ['Refund Policy', '/terms/refund-policy/'],
      ['Privacy Policy', '/terms/privacy/'],
      ['Cookie Policy', '/terms/cookie-policy/'],
      ['Commercial Transactions (Japan)', '/terms/commercial-transactions/'],
    ]);
    // The page itself is served at that path.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Terms of Use');
  });
});
