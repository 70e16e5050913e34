import {
  adminCurriculumInputSchema,
  LECTURE_MAX_MINUTES,
  type AdminCourseDetail,
  type AdminCurriculumInput,
  type AdminCurriculumSection,
} from '@lectern/domain';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../platform/api';

interface ItemDraft {
  key: string;
  id?: number;
  type: string;
  title: string;
  minutes: string;
}
interface SectionDraft {
  key: string;
  id?: number;
  title: string;
  items: ItemDraft[];
}

let keys = 0;
const nextKey = () => `new-${++keys}`;

function draftsOf(sections: AdminCurriculumSection[]): SectionDraft[] {
  return sections.map((section) => ({
    key: `s${section.id}`,
    id: section.id,
    title: section.title,
    items: section.items.map((item) => ({
      key: `i${item.id}`,
      id: item.id,
      type: item.type,
      title: item.title,
      minutes: item.duration_minutes === null ? '' : String(item.duration_minutes),
    })),
  }));
}

/** The editor's sections as the API takes them (minutes only for lectures). */
function inputOf(sections: SectionDraft[]): unknown {
  return {
    sections: sections.map((section) => ({
      ...(section.id !== undefined ? { id: section.id } : {}),
      title: section.title,
      items: section.items.map((item) => ({
        ...(item.id !== undefined ? { id: item.id } : {}),
        title: item.title,
        ...(item.type === 'LECTURE'
          ? { duration_minutes: item.minutes.trim() === '' ? null : Number(item.minutes) }
          : {}),
      })),
    })),
  };
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
};

/**
 * The course's curriculum: sections of lectures with their minutes, added, removed and moved up
 * or down (buttons, so the keyboard does it all). Assessments (quizzes, exercises) are kept as
 * they are and may be moved or removed. Saved at once as a whole; the course's length follows.
 */
export function CourseCurriculumEditor({
  course,
  readOnly,
  onSave,
}: {
  course: AdminCourseDetail;
  readOnly: boolean;
  /** Saves the curriculum; answers the course as saved (new entries have their ids then). */
  onSave: (input: AdminCurriculumInput) => Promise<AdminCourseDetail>;
}) {
  const [sections, setSections] = useState<SectionDraft[]>(() => draftsOf(course.curriculum));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const totalMinutes = sections
    .flatMap((section) => section.items)
    .filter((item) => item.type === 'LECTURE')
    .reduce((sum, item) => sum + (Number(item.minutes) || 0), 0);

  const updateSection = (index: number, change: Partial<SectionDraft>) =>
    setSections((current) =>
      current.map((section, s) => (s === index ? { ...section, ...change } : section)),
    );
  const updateItem = (s: number, i: number, change: Partial<ItemDraft>) =>
    setSections((current) =>
      current.map((section, index) =>
        index === s
          ? { ...section, items: section.items.map((item, j) => (j === i ? { ...item, ...change } : item)) }
          : section,
      ),
    );

  async function save() {
    setSaved(false);
    setFormError(null);
    const checked = adminCurriculumInputSchema.safeParse(inputOf(sections));
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]),
        ),
      );
      setFormError('Some lectures or sections need a fix (see below).');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await onSave(checked.data);
      setSections(draftsOf(saved.curriculum));
      setSaved(true);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([key, messages]) => [key, messages.join(' ')]),
          ),
        );
      }
      setFormError(isApiError(error) ? error.detail : 'The curriculum could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text>
          {sections.length} sections, {sections.reduce((sum, section) => sum + section.items.length, 0)}{' '}
          items, {totalMinutes} minutes of lectures.
        </Text>
        {!readOnly && (
          <Button loading={saving} onClick={() => void save()}>
            Save curriculum
          </Button>
        )}
      </Group>
      {formError && (
        <Alert color="red" variant="light" role="alert">
          {formError}
        </Alert>
      )}
      {errors.sections && (
        <Text c="red" size="sm" role="alert">
          {errors.sections}
        </Text>
      )}
      {saved && (
        <Alert color="green" variant="light" role="status">
          Curriculum saved.
        </Alert>
      )}
      {sections.length === 0 && <Text c="dimmed">No sections yet.</Text>}
      {sections.map((section, s) => (
        <Paper key={section.key} withBorder p="sm" component="section" aria-label={`Section ${s + 1}`}>
          <Stack gap="xs">
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={`Section ${s + 1} title`}
                style={{ flex: 1 }}
                maxLength={200}
                value={section.title}
                readOnly={readOnly}
                onChange={(event) => updateSection(s, { title: event.currentTarget.value })}
                error={errors[`sections.${s}.title`] ?? errors[`sections.${s}.id`]}
              />
              {!readOnly && (
                <Group gap={4} wrap="nowrap" mb={errors[`sections.${s}.title`] ? 22 : 0}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move section ${s + 1} up`}
                    disabled={s === 0}
                    onClick={() => setSections((current) => move(current, s, s - 1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move section ${s + 1} down`}
                    disabled={s === sections.length - 1}
                    onClick={() => setSections((current) => move(current, s, s + 1))}
                  >
                    ↓
                  </ActionIcon>
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setSections((current) => current.filter((_, index) => index !== s))}
                  >
                    Remove section
                  </Button>
                </Group>
              )}
            </Group>
            <Stack gap={6} pl={{ base: 0, sm: 'md' }}>
              {section.items.map((item, i) => {
                const name = `${s + 1}.${i + 1}`;
                const path = `sections.${s}.items.${i}`;
                return (
                  <Group key={item.key} align="flex-end" gap="xs" wrap="wrap">
                    <TextInput
                      label={item.type === 'LECTURE' ? `Lecture ${name}` : `Item ${name}`}
                      style={{ flex: '1 1 14rem' }}
                      maxLength={200}
                      value={item.title}
                      readOnly={readOnly}
                      onChange={(event) => updateItem(s, i, { title: event.currentTarget.value })}
                      error={errors[`${path}.title`] ?? errors[`${path}.id`]}
                    />
                    {item.type === 'LECTURE' ? (
                      <TextInput
                        label="Minutes"
                        w={100}
                        inputMode="numeric"
                        value={item.minutes}
                        readOnly={readOnly}
                        onChange={(event) =>
                          updateItem(s, i, { minutes: event.currentTarget.value.replace(/\D/g, '') })
                        }
                        error={errors[`${path}.duration_minutes`]}
                      />
                    ) : (
                      <Badge variant="light" color="gray" mb={8}>
                        {item.type.replace('_', ' ').toLowerCase()}
                      </Badge>
                    )}
                    {!readOnly && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Move item ${name} up`}
                          disabled={i === 0}
                          onClick={() => updateSection(s, { items: move(section.items, i, i - 1) })}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Move item ${name} down`}
                          disabled={i === section.items.length - 1}
                          onClick={() => updateSection(s, { items: move(section.items, i, i + 1) })}
                        >
                          ↓
                        </ActionIcon>
                        <Button
                          variant="subtle"
                          color="red"
                          aria-label={`Remove item ${name}`}
                          onClick={() =>
                            updateSection(s, { items: section.items.filter((_, index) => index !== i) })
                          }
                        >
                          Remove
                        </Button>
                      </Group>
                    )}
                  </Group>
                );
              })}
              {!readOnly && (
                <Button
                  variant="light"
                  w="fit-content"
                  size="xs"
                  onClick={() =>
                    updateSection(s, {
                      items: [...section.items, { key: nextKey(), type: 'LECTURE', title: '', minutes: '' }],
                    })
                  }
                >
                  Add a lecture to section {s + 1}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      ))}
      <Text size="xs" c="dimmed">
        Lecture lengths are whole minutes, 1 to {LECTURE_MAX_MINUTES}.
      </Text>
      {!readOnly && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => setSections((current) => [...current, { key: nextKey(), title: '', items: [] }])}
        >
          Add a section
        </Button>
      )}
    </Stack>
  );
}
