import { useIntl } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import { usePublicOrigin } from './public-origin';

/** Open Graph wants language_TERRITORY; a locale without a region gets its usual one. */
const DEFAULT_TERRITORIES: Record<string, string> = { en: 'US', es: 'ES', pt: 'BR', ja: 'JP' };

export function openGraphLocale(locale: string): string {
  const [language = 'en', region] = locale.split(/[-_]/);
  const territory = region && /^[A-Za-z]{2}$/.test(region) ? region : DEFAULT_TERRITORIES[language];
  return territory ? `${language.toLowerCase()}_${territory.toUpperCase()}` : language.toLowerCase();
}

/** "{page} | {brand}", or the brand alone for a page without a title of its own. */
function useDocumentTitle(pageTitle: string | undefined): string {
  const intl = useIntl();
  const brand = useBrandName();
  return pageTitle ? intl.formatMessage({ id: 'page.title' }, { page: pageTitle, brand }) : brand;
}

/**
 * Only the document title, for a page's passing states (loading, a failure) that have nothing
 * else to say. React hoists it into the head, in the server's HTML as in the browser.
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{useDocumentTitle(title)}</title>;
}

export interface PageHeadImage {
  /** Absolute, or a path on this site. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A public page's head: its title (with the brand), description, canonical URL, and the Open
 * Graph and Twitter card tags link previews read. Rendered where the page renders; React 19
 * hoists `<title>`, `<meta>` and `<link>` into the document's head, on the server too. One per
 * page.
 */
export function PageHead({
  title,
  description,
  path,
  image = null,
}: {
  /** The page's own title; the brand is added. */
  title?: string;
  description: string;
  /** This page's address on the site (with the query when it names another page, e.g. `?p=2`). */
  path: string;
  image?: PageHeadImage | null;
}) {
  const intl = useIntl();
  const brand = useBrandName();
  const origin = usePublicOrigin();
  const documentTitle = useDocumentTitle(title);
  const url = `${origin}${path}`;
  const imageUrl = image && (/^https?:\/\//.test(image.url) ? image.url : `${origin}${image.url}`);
  return (
    <>
      <title>{documentTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={title ?? brand} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={openGraphLocale(intl.locale)} />
      {image && imageUrl && (
        <>
          <meta property="og:image" content={imageUrl} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title ?? brand} />
      <meta name="twitter:description" content={description} />
      {image && imageUrl && (
        <>
          <meta name="twitter:image" content={imageUrl} />
          <meta name="twitter:image:alt" content={image.alt} />
        </>
      )}
    </>
  );
}
