import { isDatabaseIdText, PAGE_ROUTES, type AdminCourseDetail } from '@lectern/domain';
import { Anchor, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { CourseStatusBadge } from './admin-catalog-badges';
import {
  adminCoursePath,
  adminCourseQuery,
  cancelScheduledPrice,
  createCourse,
  removeCover,
  saveCurriculum,
  setCoursePrice,
  setCourseStatus,
  updateCourse,
  uploadCover,
} from './admin-catalog-api';
import { CourseCoverPanel } from './course-cover-panel';
import { CourseCurriculumEditor } from './course-curriculum-editor';
import { CourseDetailsForm } from './course-details-form';
import { CoursePricingPanel } from './course-pricing-panel';
import { CoursePublishingPanel, PreviewButton } from './course-publishing-panel';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';

const TABS = ['details', 'curriculum', 'cover', 'pricing', 'publishing', 'history'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  details: 'Details',
  curriculum: 'Curriculum',
  cover: 'Cover',
  pricing: 'Pricing',
  publishing: 'Publishing',
  history: 'History',
};

/**
 * `/admin/courses/new/` (a new draft's details) and `/admin/courses/:id/`: a course's details,
 * curriculum, cover, pricing, publishing and history, one tab each (the tab is in the URL).
 * Write controls show only to roles that may use them; the server checks again.
 */
export function AdminCoursePage() {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewCourse />;
  if (!isDatabaseIdText(id)) {
    return (
      <AdminLayout title="Course">
        <Text>There is no such course.</Text>
      </AdminLayout>
    );
  }
  return <ExistingCourse courseId={Number(id)} />;
}

function BackToCourses() {
  return (
    <Anchor component={Link} to={PAGE_ROUTES.adminCourses} size="sm">
      ← All courses
    </Anchor>
  );
}

function NewCourse() {
  return (
    <AdminLayout title="New course" subtitle="A new course starts as a draft that only staff see.">
      <NewCourseForm />
    </AdminLayout>
  );
}

function NewCourseForm() {
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayWrite = useStaffMay('catalog.write');
  const mayPrice = useStaffMay('prices.write');
  if (!mayWrite) return <Text>Your role may not create courses.</Text>;
  return (
    <Stack gap="md">
      <BackToCourses />
      <CourseDetailsForm
        course={null}
        readOnly={false}
        mayPrice={mayPrice}
        onSave={async (input) => {
          const created = await createCourse(api, input);
          queryClient.setQueryData(adminCourseQuery(api, created.id).queryKey, created);
          await queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] });
          await navigate(`${adminCoursePath(created.id)}?tab=curriculum`);
        }}
      />
    </Stack>
  );
}

function ExistingCourse({ courseId }: { courseId: number }) {
  const api = useApiClient();
  const course = useQuery(adminCourseQuery(api, courseId));
  if (course.isPending) {
    return (
      <AdminLayout title="Course">
        <PageLoader label="Loading the course" />
      </AdminLayout>
    );
  }
  if (course.isError) {
    const missing = isApiError(course.error) && course.error.statusCode === 404;
    return (
      <AdminLayout title="Course">
        {missing ? (
          <Text>There is no such course.</Text>
        ) : (
          <LoadErrorAlert message="The course could not be loaded." onRetry={() => void course.refetch()} />
        )}
      </AdminLayout>
    );
  }
  return (
    <AdminLayout
      title={course.data.title}
      subtitle={
        <Group gap="xs" component="span">
          <CourseStatusBadge status={course.data.status} />
          <Text span size="sm">
            {course.data.url}
          </Text>
        </Group>
      }
      actions={<PreviewButton course={course.data} />}
    >
      <CourseTabs course={course.data} />
    </AdminLayout>
  );
}

function CourseTabs({ course }: { course: AdminCourseDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const mayWrite = useStaffMay('catalog.write');
  const mayPrice = useStaffMay('prices.write');
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'details';

  /** A change's answer is the course's new detail: shown at once, and the lists refreshed. */
  const applied = async (detail: AdminCourseDetail) => {
    queryClient.setQueryData(adminCourseQuery(api, course.id).queryKey, detail);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit', 'course', String(course.id)] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'course', course.id, 'preview'] }),
    ]);
    return detail;
  };

  return (
    <Stack gap="md">
      <BackToCourses />
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              if (!value || value === 'details') next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <CourseDetailsForm
            course={course}
            readOnly={!mayWrite}
            mayPrice={mayPrice}
            onSave={async (input) => applied(await updateCourse(api, course.id, input))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="curriculum" pt="md">
          <CourseCurriculumEditor
            course={course}
            readOnly={!mayWrite}
            onSave={async (input) => applied(await saveCurriculum(api, course.id, input))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="cover" pt="md">
          <CourseCoverPanel
            course={course}
            readOnly={!mayWrite}
            onUpload={async (file) => applied(await uploadCover(course.id, file))}
            onRemove={async () => applied(await removeCover(api, course.id))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="pricing" pt="md">
          <CoursePricingPanel
            course={course}
            mayPrice={mayPrice}
            onSetPrice={async (input) => applied(await setCoursePrice(api, course.id, input))}
            onCancel={async (changeId) => applied(await cancelScheduledPrice(api, course.id, changeId))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="publishing" pt="md">
          <CoursePublishingPanel
            course={course}
            readOnly={!mayWrite}
            onSetStatus={async (status) => applied(await setCourseStatus(api, course.id, status))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <AdminAuditTrail objectType="course" objectId={course.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
