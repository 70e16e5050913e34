import { DEFAULT_LOCALE, supportedLocaleFor, type SupportedLocale } from '@lectern/domain';
import { use } from 'react';
import { useIntl } from 'react-intl';
import { UserContextNotLoadedError } from '../../app/user-context/user-context';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { LegalContent, LegalDocument, LegalFacts, LocalizedContent } from './legal-document';

/** The language a legal text is shown in: the locale's own, or English for one we do not speak. */
export function legalLocaleOf(locale: string): SupportedLocale {
  return supportedLocaleFor(locale) ?? DEFAULT_LOCALE;
}

type ContentModule = { content: LegalContent };

// One import per page and locale for the life of the process (browser tab or server): the texts
// never change at run time, and `use` needs the same promise on every render until it settles.
const imports = new Map<() => Promise<ContentModule>, Promise<ContentModule>>();

function importOnce(load: () => Promise<ContentModule>): Promise<ContentModule> {
  let pending = imports.get(load);
  if (!pending) {
    pending = load();
    // A chunk that failed to load (a deploy, a dropped connection) may load on the next visit.
    pending.catch(() => imports.delete(load));
    imports.set(load, pending);
  }
  return pending;
}

/** The brand and seller the texts name, from the user context's Config. */
export function useLegalFacts(): LegalFacts {
  const context = useUserContext();
  const config = context.config;
  if (!config) throw new UserContextNotLoadedError('Config');
  return {
    brand: context.brandName,
    businessBrand: config.brand.business_name,
    seller: {
      name: config.seller.name,
      address: config.seller.address,
      supportEmail: config.seller.support_email,
    },
  };
}

/**
 * The page's text in the current react-intl locale. It suspends until that locale's module
 * has loaded (on the server too, so the first HTML holds the text), then stays in memory.
 */
export function useLegalDocument(content: LocalizedContent): LegalDocument {
  const locale = legalLocaleOf(useIntl().locale);
  const facts = useLegalFacts();
  return use(importOnce(content[locale])).content(facts);
}
