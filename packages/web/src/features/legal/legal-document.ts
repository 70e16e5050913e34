import type { SupportedLocale } from '@lectern/domain';
import type { ReactNode } from 'react';

/** What a legal text may name that the operator configures (brand, seller, support address). */
export interface LegalFacts {
  /** The marketplace's name (BRAND_NAME). */
  brand: string;
  /** The business edition's name, "{brand} Business". */
  businessBrand: string;
  /** Who sells: SELLER_NAME, SELLER_ADDRESS (null when not configured), SUPPORT_EMAIL. */
  seller: { name: string; address: string | null; supportEmail: string };
}

/** A part of a document under its own heading (h3), inside a section. */
export interface LegalSubsection {
  /** The anchor, unique in the document (`#refunds-how`). */
  id: string;
  heading: string;
  body: ReactNode;
}

/** A section under an h2, listed in the table of contents. */
export interface LegalSection {
  id: string;
  heading: string;
  /** Text before the subsections, if any. */
  body?: ReactNode;
  subsections?: readonly LegalSubsection[];
}

/**
 * One page's text in one language. The page draws the headings, so their levels are always in
 * order (h1 title, h2 sections, h3 subsections); content modules write the prose in between
 * as plain HTML (p, ul, table, a), styled by Mantine's Typography.
 */
export interface LegalDocument {
  /** The page's h1 and document title. */
  title: string;
  /** One sentence for the meta description and link previews. */
  description: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/** A content module's export: the document, given the configured facts. */
export type LegalContent = (facts: LegalFacts) => LegalDocument;

/**
 * Where each locale's text of one page lives: a separate module per locale, imported on
 * demand, so a page's chunks hold only the visitor's language. Keyed by every locale the
 * storefront speaks, so a new locale fails to compile until each page has its text.
 */
export type LocalizedContent = Readonly<Record<SupportedLocale, () => Promise<{ content: LegalContent }>>>;
