import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { lectureSearchQuery } from './lecture-search-api';

/** `12:05` or `1:02:05`. */
export function lectureDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The lectures that match the search (platform §3 lecture search results), under the courses:
 * each lecture's title, length and course, leading to the course's page. Nothing when none
 * matches or the search cannot be read: the courses are the page's point.
 */
export function LectureResults({ query }: { query: string }) {
  const api = useApiClient();
  const headingId = useId();
  const lectures = useQuery({ ...lectureSearchQuery(api, query), enabled: query.trim() !== '' });
  const found = lectures.data;
  if (!found || found.lectures.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} data-testid="lecture-results">
      <Title order={2} size="h3" id={headingId}>
        <FormattedMessage id="lectureSearch.heading" values={{ query }} />
      </Title>
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id={
            found.metadata.lectureCount > found.lectures.length
              ? 'lectureSearch.countSome'
              : 'lectureSearch.countAll'
          }
          values={{ shown: found.lectures.length, count: found.metadata.lectureCount }}
        />
      </Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {found.lectures.map(({ lecture, course, trackingId }) => (
          <li key={lecture.id} data-tracking-id={trackingId}>
            <Paper withBorder p="sm" radius="md" h="100%">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Image src={lecture.thumbnail} alt="" w={96} h={54} radius="sm" loading="lazy" />
                <Stack gap={2} miw={0}>
                  <Anchor component={Link} to={course.url} fw={700} lineClamp={2}>
                    {lecture.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    <FormattedMessage
                      id="lectureSearch.lecture"
                      values={{
                        course: course.title,
                        duration: (
                          <time dateTime={`PT${lecture.durationInSeconds}S`}>
                            {lectureDuration(lecture.durationInSeconds)}
                          </time>
                        ),
                      }}
                    />
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
