import { minorUnitExponent, PAGE_ROUTES, type CourseDetail, type Money } from '@lectern/domain';

/** Where the home page's search box sends a query (schema.org SearchAction). */
export const SEARCH_PATH = '/courses/search/';

const SCHEMA = 'https://schema.org';

/** Minor units as an exact decimal string in major units: 1999 USD → "19.99", 3000 JPY → "3000". */
export function decimalAmount(value: Money): string {
  const exponent = minorUnitExponent(value.currency);
  const digits = String(Math.abs(value.amount)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${value.amount < 0 ? '-' : ''}${whole}${fraction}`;
}

/** Minutes as an ISO 8601 duration: 754 → "PT12H34M". */
function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

/** A course's `locale` ("en_US") as a BCP 47 tag ("en-US"). */
const languageTag = (locale: string) => locale.replace('_', '-');

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

/** `BreadcrumbList`: the trail from the home page to this one. */
export function breadcrumbListData(crumbs: readonly Crumb[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * `Course` for a landing page: who offers it, its cover, its language, the offer at the price
 * the page shows (the visitor's price country's currency, a discount included) and, once
 * someone has reviewed it, its rating.
 */
export function courseData({
  course,
  price,
  url,
  imageUrl,
  brand,
  origin,
}: {
  course: Pick<
    CourseDetail,
    'title' | 'headline' | 'locale' | 'avg_rating_recent' | 'num_reviews' | 'estimated_content_length'
  >;
  /** What the page shows the visitor pays. */
  price: Money;
  /** The page's absolute URL. */
  url: string;
  /** The cover's absolute URL, when the course has one. */
  imageUrl: string | null;
  brand: string;
  origin: string;
}) {
  return {
    '@context': SCHEMA,
    '@type': 'Course',
    name: course.title,
    description: course.headline || course.title,
    url,
    ...(imageUrl ? { image: imageUrl } : {}),
    inLanguage: languageTag(course.locale.locale),
    provider: { '@type': 'Organization', name: brand, sameAs: `${origin}/` },
    offers: {
      '@type': 'Offer',
      category: price.amount === 0 ? 'Free' : 'Paid',
      price: decimalAmount(price),
      priceCurrency: price.currency,
      availability: `${SCHEMA}/InStock`,
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      ...(course.estimated_content_length > 0
        ? { courseWorkload: isoDuration(course.estimated_content_length) }
        : {}),
    },
    ...(course.num_reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.avg_rating_recent,
            ratingCount: course.num_reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The home page: the marketplace as an `Organization`, and a `WebSite` whose search engines can search it. */
export function homeData({ brand, origin }: { brand: string; origin: string }) {
  const home = `${origin}${PAGE_ROUTES.home}`;
  return {
    '@context': SCHEMA,
    '@graph': [
      { '@type': 'Organization', '@id': `${home}#organization`, name: brand, url: home },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: brand,
        url: home,
        publisher: { '@id': `${home}#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}${SEARCH_PATH}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
