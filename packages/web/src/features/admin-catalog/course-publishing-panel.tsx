import {
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  INSTRUCTIONAL_LEVEL_LABELS,
  money,
  publishingChecklist,
  type AdminCourseDetail,
  type CourseStatus,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  AspectRatio,
  Button,
  Group,
  Image,
  List,
  Modal,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { adminMoney } from '../admin-shell/admin-format';
import { adminCoursePreviewQuery } from './admin-catalog-api';

const STATUS_HINTS: Record<CourseStatus, string> = {
  draft: 'Only staff see it.',
  published: 'On the storefront: home page, category pages, search and the sitemap.',
  unlisted: 'Buyers reach it by its address only; it stays out of lists, search and the sitemap.',
};

/**
 * The course's status (draft, published, unlisted) with the checklist publishing asks for, and
 * the public page: opened on the storefront when it is live, previewed here by staff otherwise.
 */
export function CoursePublishingPanel({
  course,
  readOnly,
  onSetStatus,
}: {
  course: AdminCourseDetail;
  readOnly: boolean;
  onSetStatus: (status: CourseStatus) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<CourseStatus>(course.status);
  const checklist = publishingChecklist({
    title: course.title,
    categoryId: course.category?.id ?? null,
    priceTierId: course.price_tier?.id ?? null,
  });
  const ready = checklist.every((entry) => entry.done);
  const save = useMutation({ mutationFn: () => onSetStatus(status) });
  const problems = save.error && isApiError(save.error) ? Object.values(save.error.fieldErrors).flat() : [];

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Before publishing
        </Title>
        <List spacing={4} listStyleType="none" aria-label="Publishing checklist">
          {checklist.map((entry) => (
            <List.Item key={entry.label}>
              <Text c={entry.done ? undefined : 'red'}>
                {entry.done ? '✓' : '✗'} {entry.label}
                {entry.done ? '' : ' (missing)'}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Radio.Group
        label="Status"
        value={status}
        onChange={(value) => setStatus(value as CourseStatus)}
        description={readOnly ? 'Your role may not change it.' : undefined}
      >
        <Stack gap="xs" mt="xs">
          {COURSE_STATUSES.map((value) => (
            <Radio
              key={value}
              value={value}
              label={COURSE_STATUS_LABELS[value]}
              description={STATUS_HINTS[value]}
              disabled={readOnly || (value !== 'draft' && !ready)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(save.error) ? save.error.detail : 'The status could not be changed.'}
          {problems.length > 0 && (
            <List size="sm" mt={4}>
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert color="green" variant="light" role="status">
          The course is now {COURSE_STATUS_LABELS[course.status].toLowerCase()}.
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        {!readOnly && (
          <Button loading={save.isPending} disabled={status === course.status} onClick={() => save.mutate()}>
            Save status
          </Button>
        )}
        <PreviewButton course={course} />
      </Group>
    </Stack>
  );
}

/** "Preview public page": the storefront's page when the course is live, a staff preview otherwise. */
export function PreviewButton({ course }: { course: AdminCourseDetail }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      {course.status !== 'draft' && (
        <Button component="a" href={course.url} target="_blank" rel="noopener" variant="default">
          Open the public page
        </Button>
      )}
      <Button variant="default" onClick={() => setOpened(true)}>
        Preview public page
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Preview (staff only)" size="xl">
        {opened && <CoursePreview courseId={course.id} />}
      </Modal>
    </>
  );
}

function CoursePreview({ courseId }: { courseId: number }) {
  const api = useApiClient();
  const preview = useQuery(adminCoursePreviewQuery(api, courseId));
  if (preview.isPending) return <PageLoader label="Loading the preview" />;
  if (preview.isError) return <Text c="red">The preview could not be loaded.</Text>;
  const course = preview.data;
  const hours = Math.floor(course.estimated_content_length / 60);
  const minutes = course.estimated_content_length % 60;
  return (
    <Stack gap="md" data-testid="admin-course-preview">
      {course.status === 'draft' && (
        <Alert color="yellow" variant="light">
          This is a draft: buyers cannot see it yet.
        </Alert>
      )}
      <Text size="sm" fw={700} c="dimmed">
        {[course.category, course.subcategory].filter(Boolean).join(' › ') || 'No category yet'}
      </Text>
      <Title order={2}>{course.title}</Title>
      {course.headline && <Text size="lg">{course.headline}</Text>}
      {course.instructors.length > 0 && <Text>Created by {course.instructors.join(', ')}</Text>}
      <Text size="sm" c="dimmed">
        {INSTRUCTIONAL_LEVEL_LABELS[course.level]} · {course.locale} · {hours > 0 ? `${hours} h ` : ''}
        {minutes} min
      </Text>
      <AspectRatio ratio={16 / 9} maw={560}>
        <Image src={course.image_url} alt="" radius="sm" />
      </AspectRatio>
      <Text fw={700} size="xl">
        {course.price
          ? course.price.amount === 0
            ? 'Free'
            : adminMoney(money(course.price.amount, course.price.currency))
          : 'No price yet'}
      </Text>
      {course.what_you_learn.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            What you’ll learn
          </Title>
          <List>
            {course.what_you_learn.map((entry) => (
              <List.Item key={entry}>{entry}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {course.description && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Description
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>
        </Stack>
      )}
      {course.requirements.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Requirements
          </Title>
          <List>
            {course.requirements.map((entry) => (
              <List.Item key={entry}>{entry}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {course.curriculum.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Course content
          </Title>
          {course.curriculum.map((section) => (
            <Stack key={section.id} gap={2}>
              <Text fw={600}>{section.title}</Text>
              <List size="sm">
                {section.items.map((item) => (
                  <List.Item key={item.id}>
                    {item.title}
                    {item.duration_minutes !== null && ` — ${item.duration_minutes} min`}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      )}
      {course.status !== 'draft' && (
        <Anchor href={course.url} target="_blank" rel="noopener">
          Open {course.url}
        </Anchor>
      )}
    </Stack>
  );
}
