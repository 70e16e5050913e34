import {
  COURSE_LOCALES,
  INSTRUCTIONAL_LEVEL_LABELS,
  INSTRUCTIONAL_LEVELS,
  type AdminCourseDetail,
  type AdminCourseInput,
} from '@lectern/domain';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { isApiError, useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import { categoriesQuery, createInstructor, instructorsQuery, priceTiersQuery } from './admin-catalog-api';
import { courseFieldOf, courseFormSchema, courseFormValuesOf, NEW_COURSE } from './course-form-values';

const LEVEL_OPTIONS = INSTRUCTIONAL_LEVELS.map((level) => ({
  value: level,
  label: INSTRUCTIONAL_LEVEL_LABELS[level],
}));

/**
 * The course's details (title, subtitle, description, what you'll learn, requirements, category,
 * level, language, instructors, price tier): a new course's form, or an existing one's. Field
 * problems show under their fields, the browser's check first, the server's after.
 */
export function CourseDetailsForm({
  course,
  readOnly,
  mayPrice,
  onSave,
}: {
  course: AdminCourseDetail | null;
  readOnly: boolean;
  /** Whether the staff member may set prices (a course's first tier is chosen here). */
  mayPrice: boolean;
  onSave: (input: AdminCourseInput) => Promise<unknown>;
}) {
  const api = useApiClient();
  const categories = useQuery(categoriesQuery(api));
  const tiers = useQuery(priceTiersQuery(api));
  const instructors = useQuery(instructorsQuery(api));
  const [saved, setSaved] = useState(false);
  const { form, formError, onSubmit } = useApiForm({
    schema: courseFormSchema,
    defaultValues: course ? courseFormValuesOf(course) : NEW_COURSE,
    submit: async (input) => {
      setSaved(false);
      await onSave(input);
    },
    onSuccess: () => setSaved(course !== null),
    fieldOf: courseFieldOf,
  });
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const categoryId = watch('category_id');
  const category = categories.data?.find((entry) => String(entry.id) === categoryId);
  const categoryOptions = (categories.data ?? []).map((entry) => ({
    value: String(entry.id),
    label: entry.title,
  }));
  const subcategoryOptions = (category?.subcategories ?? []).map((sub) => ({
    value: String(sub.id),
    label: sub.title,
  }));
  const tierOptions = (tiers.data?.results ?? []).map((tier) => ({
    value: String(tier.id),
    label:
      tier.amounts.USD === undefined
        ? tier.name
        : `${tier.name} (${tier.amounts.USD === 0 ? 'free' : `$${(tier.amounts.USD / 100).toFixed(2)}`})`,
  }));
  // A course's tier is set here once; after that the Pricing tab changes (or schedules) it.
  const tierLocked = readOnly || !mayPrice || (course !== null && course.price_tier !== null);
  const instructorOptions = (instructors.data ?? []).map((instructor) => ({
    value: String(instructor.id),
    label: instructor.job_title
      ? `${instructor.display_name} — ${instructor.job_title}`
      : instructor.display_name,
  }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={course ? 'Course details' : 'New course'}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        {saved && (
          <Alert color="green" variant="light" role="status">
            Saved.{' '}
            {course?.status === 'draft'
              ? 'The course is still a draft.'
              : 'The storefront shows the change now.'}
          </Alert>
        )}
        <Fieldset legend="About the course" disabled={readOnly}>
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              maxLength={200}
              error={errors.title?.message}
              {...register('title')}
            />
            <TextInput
              label="Subtitle"
              description="One line under the title on the course page."
              maxLength={300}
              error={errors.subtitle?.message}
              {...register('subtitle')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={4}
              maxRows={14}
              error={errors.description?.message}
              {...register('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Textarea
                label="What you’ll learn"
                description="One point per line (at most 20)."
                autosize
                minRows={3}
                error={errors.what_you_learn?.message}
                {...register('what_you_learn')}
              />
              <Textarea
                label="Requirements"
                description="One per line (at most 20)."
                autosize
                minRows={3}
                error={errors.requirements?.message}
                {...register('requirements')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Where it belongs" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="category_id"
              render={({ field }) => (
                <Select
                  label="Category"
                  description="Needed to publish."
                  placeholder="Choose a category"
                  data={categoryOptions}
                  value={field.value || null}
                  onChange={(value) => {
                    field.onChange(value ?? '');
                    setValue('subcategory_id', '');
                  }}
                  onBlur={field.onBlur}
                  clearable
                  searchable
                  error={errors.category_id?.message}
                  disabled={readOnly}
                />
              )}
            />
            <Controller
              control={control}
              name="subcategory_id"
              render={({ field }) => (
                <Select
                  label="Subcategory"
                  placeholder={category ? 'Choose a subcategory' : 'Choose the category first'}
                  data={subcategoryOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  clearable
                  disabled={readOnly || !category}
                  error={errors.subcategory_id?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="level"
              render={({ field }) => (
                <Select
                  label="Level"
                  data={LEVEL_OPTIONS}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'ALL_LEVELS')}
                  allowDeselect={false}
                  error={errors.level?.message}
                  disabled={readOnly}
                />
              )}
            />
            <Controller
              control={control}
              name="locale"
              render={({ field }) => (
                <Select
                  label="Language"
                  data={
                    COURSE_LOCALES.some((entry) => entry.value === field.value)
                      ? COURSE_LOCALES
                      : [...COURSE_LOCALES, { value: field.value, label: field.value }]
                  }
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'en_US')}
                  allowDeselect={false}
                  searchable
                  error={errors.locale?.message}
                  disabled={readOnly}
                />
              )}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Who teaches it and its price" disabled={readOnly}>
          <Stack gap="sm">
            <Controller
              control={control}
              name="instructor_ids"
              render={({ field }) => (
                <MultiSelect
                  label="Instructors"
                  description="In the order they are shown."
                  placeholder="Choose instructors"
                  data={instructorOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  error={errors.instructor_ids?.message}
                  disabled={readOnly}
                />
              )}
            />
            {!readOnly && (
              <NewInstructor
                onCreated={(id) =>
                  setValue('instructor_ids', [...form.getValues('instructor_ids'), String(id)])
                }
              />
            )}
            <Controller
              control={control}
              name="price_tier_id"
              render={({ field }) => (
                <Select
                  label="Price tier"
                  description={
                    course?.price_tier
                      ? 'Change or schedule the price in the Pricing tab.'
                      : mayPrice
                        ? 'Needed to publish. Each tier has a price in every currency.'
                        : 'Your role may not set prices.'
                  }
                  placeholder="Choose a price tier"
                  data={tierOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  clearable={!tierLocked}
                  disabled={tierLocked}
                  error={errors.price_tier_id?.message}
                />
              )}
            />
          </Stack>
        </Fieldset>
        {!readOnly && (
          <Group>
            <SubmitButton loading={isSubmitting}>{course ? 'Save details' : 'Create draft'}</SubmitButton>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Adds an instructor by name (and job title) and picks them for the course. */
function NewInstructor({ onCreated }: { onCreated: (id: number) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const create = useMutation({
    mutationFn: () => createInstructor(api, { display_name: name.trim(), job_title: jobTitle.trim() }),
    onSuccess: async (instructor) => {
      await queryClient.invalidateQueries({ queryKey: instructorsQuery(api).queryKey });
      onCreated(instructor.id);
      setName('');
      setJobTitle('');
      setOpen(false);
    },
  });
  if (!open) {
    return (
      <Button variant="subtle" w="fit-content" onClick={() => setOpen(true)}>
        Add an instructor who is not in the list
      </Button>
    );
  }
  const error = create.error && isApiError(create.error) ? create.error : null;
  return (
    <Stack
      gap="xs"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <Text fw={600} size="sm">
        New instructor
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error?.fieldErrors.display_name?.join(' ')}
        />
        <TextInput
          label="Job title"
          value={jobTitle}
          maxLength={200}
          onChange={(event) => setJobTitle(event.currentTarget.value)}
          error={error?.fieldErrors.job_title?.join(' ')}
        />
      </SimpleGrid>
      {create.isError && !error?.fieldErrors.display_name && (
        <Text c="red" size="sm" role="alert">
          {error?.detail ?? 'The instructor could not be added.'}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          loading={create.isPending}
          disabled={name.trim() === ''}
          onClick={() => create.mutate()}
        >
          Add instructor
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
