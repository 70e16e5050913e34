import {
  COURSE_IMAGE_SHARE_WIDTH,
  courseImageHeight,
  courseImageVariantUrl,
  PAGE_ROUTES,
  pagePath,
  type CourseDetail,
} from '@lectern/domain';
import { useIntl } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import { shownCoursePrice } from '../catalog/course-price';
import { useCoursePrice } from '../pricing/pricing-provider';
import { JsonLd } from './json-ld';
import { PageHead } from './page-head';
import { usePublicOrigin } from './public-origin';
import { breadcrumbListData, courseData } from './structured-data';

/**
 * A course landing page's head and structured data: title, description, canonical URL, the
 * cover as the link preview's picture, `Course` (offered at the price the page shows, in the
 * visitor's currency) and the breadcrumb home › category › course.
 */
export function CourseHead({ course }: { course: CourseDetail }) {
  const intl = useIntl();
  const brand = useBrandName();
  const origin = usePublicOrigin();
  const price = shownCoursePrice(useCoursePrice(course.id), course);
  const url = `${origin}${course.url}`;
  const alt = intl.formatMessage({ id: 'courseLanding.imageAlt' }, { title: course.title });
  const shareImage = course.image_url
    ? courseImageVariantUrl(course.image_url, COURSE_IMAGE_SHARE_WIDTH, 'jpeg')
    : null;
  const image = shareImage
    ? {
        url: shareImage,
        width: COURSE_IMAGE_SHARE_WIDTH,
        height: courseImageHeight(COURSE_IMAGE_SHARE_WIDTH),
        alt,
      }
    : null;
  const absoluteImage = image && (/^https?:\/\//.test(image.url) ? image.url : `${origin}${image.url}`);
  const categoryPath = pagePath('category', { category: course.primary_category.slug });
  return (
    <>
      <PageHead
        title={course.title}
        description={course.headline || course.title}
        path={course.url}
        image={image}
      />
      <JsonLd data={courseData({ course, price, url, imageUrl: absoluteImage, brand, origin })} />
      <JsonLd
        data={breadcrumbListData([
          { name: intl.formatMessage({ id: 'seo.breadcrumb.home' }), url: `${origin}${PAGE_ROUTES.home}` },
          { name: course.primary_category.title, url: `${origin}${categoryPath}` },
          { name: course.title, url },
        ])}
      />
    </>
  );
}
