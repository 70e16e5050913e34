import type { AdminCourseDetail } from '@lectern/domain';
import { Alert, AspectRatio, Button, FileInput, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../platform/api';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The course's cover: the current one (uploaded, or drawn from the title and category), a new
 * image chosen and previewed before it is uploaded (the server straightens, strips and resizes
 * it), and going back to the drawn cover.
 */
export function CourseCoverPanel({
  course,
  readOnly,
  onUpload,
  onRemove,
}: {
  course: AdminCourseDetail;
  readOnly: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The chosen file shown before it is sent; its address is let go when another is chosen.
  const localUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  function choose(next: File | null) {
    setDone(null);
    setError(null);
    if (next && !TYPES.includes(next.type)) {
      setError('Choose a JPEG, PNG or WebP image.');
      setFile(null);
      return;
    }
    if (next && next.size > MAX_BYTES) {
      setError('Choose an image of at most 5 MB.');
      setFile(null);
      return;
    }
    setFile(next);
  }

  async function run(kind: 'upload' | 'remove') {
    setBusy(kind);
    setError(null);
    setDone(null);
    try {
      if (kind === 'upload' && file) await onUpload(file);
      else await onRemove();
      setFile(null);
      setDone(kind === 'upload' ? 'Cover uploaded.' : 'The drawn cover is back.');
    } catch (caught) {
      setError(
        isApiError(caught)
          ? (caught.fieldErrors.image?.join(' ') ?? caught.detail)
          : 'The cover could not be changed. Try again.',
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text fw={600}>
            {course.cover.uploaded ? 'Uploaded cover' : 'Drawn cover (from the title and category)'}
          </Text>
          <AspectRatio ratio={16 / 9} maw={480}>
            <Image src={course.image_url} alt={`Current cover of ${course.title}`} radius="sm" />
          </AspectRatio>
          {course.cover.uploaded && course.cover.width && (
            <Text size="xs" c="dimmed">
              Stored at {course.cover.width}×{course.cover.height} pixels; cards show it cropped to 16:9.
            </Text>
          )}
        </Stack>
        {localUrl && (
          <Stack gap={4}>
            <Text fw={600}>New cover (not uploaded yet)</Text>
            <AspectRatio ratio={16 / 9} maw={480}>
              <Image src={localUrl} alt="Preview of the chosen image" radius="sm" fit="cover" />
            </AspectRatio>
          </Stack>
        )}
      </SimpleGrid>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Alert color="green" variant="light" role="status">
          {done}
        </Alert>
      )}
      {!readOnly && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="Choose an image"
            description="JPEG, PNG or WebP, at least 480 pixels wide, at most 5 MB."
            accept={TYPES.join(',')}
            value={file}
            onChange={choose}
            clearable
            style={{ flex: '1 1 16rem' }}
          />
          <Button disabled={!file} loading={busy === 'upload'} onClick={() => void run('upload')}>
            Upload cover
          </Button>
          {course.cover.uploaded && (
            <Button
              variant="default"
              color="red"
              loading={busy === 'remove'}
              onClick={() => void run('remove')}
            >
              Use the drawn cover
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
