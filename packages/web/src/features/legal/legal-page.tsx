import { PAGE_ROUTES } from '@lectern/domain';
import { Anchor, Box, Container, List, Stack, Text, Title, Typography } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHead } from '../seo/page-head';
import type { LegalSection, LocalizedContent } from './legal-document';
import { LegalSeeAlso, type LegalRoute } from './legal-links';
import classes from './legal.module.css';
import { useLegalDocument } from './use-legal-document';

/** Pages with this many sections or more open with a table of contents. */
export const CONTENTS_MIN_SECTIONS = 4;

export interface LegalPageProps {
  /** Which page this is (its route), so "See also" leaves it out. */
  route: LegalRoute;
  content: LocalizedContent;
  /**
   * The day the text last changed (`YYYY-MM-DD`), the same for every language: a translation
   * is the same text, so it changes with the original.
   */
  updated: string;
}

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  const headingId = useId();
  return (
    <Box component="nav" aria-labelledby={headingId}>
      <Text component="p" fw={700} mb="xs" id={headingId}>
        <FormattedMessage id="legal.contents" />
      </Text>
      <List spacing={4}>
        {sections.map((section) => (
          <List.Item key={section.id}>
            <Anchor href={`#${section.id}`}>{section.heading}</Anchor>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}

/**
 * One legal or help page: its title (the only h1), the day it was last updated in the reader's
 * date format, a table of contents for long texts, each section under an h2 (and its parts
 * under h3), then links to the other pages. The text is the reader's language's module.
 */
export function LegalPage({ route, content, updated }: LegalPageProps) {
  const intl = useIntl();
  const text = useLegalDocument(content);
  // In UTC: the date is a calendar day, and server and browser must print the same one.
  const date = intl.formatDate(updated, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <Container size="md" py="xl">
      <PageHead title={text.title} description={text.description} path={PAGE_ROUTES[route]} />
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{text.title}</Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="legal.lastUpdated"
              values={{ date: <time dateTime={updated}>{date}</time> }}
            />
          </Text>
        </Stack>
        {text.intro && <Typography className={classes.prose}>{text.intro}</Typography>}
        {text.sections.length >= CONTENTS_MIN_SECTIONS && <Contents sections={text.sections} />}
        {text.sections.map((section) => (
          <Box component="section" key={section.id} aria-labelledby={section.id}>
            <Title order={2} id={section.id} mb="sm">
              {section.heading}
            </Title>
            {section.body && <Typography className={classes.prose}>{section.body}</Typography>}
            {section.subsections?.map((part) => (
              <Box component="section" key={part.id} aria-labelledby={part.id} mt="md">
                <Title order={3} id={part.id} mb="xs">
                  {part.heading}
                </Title>
                <Typography className={classes.prose}>{part.body}</Typography>
              </Box>
            ))}
          </Box>
        ))}
        <LegalSeeAlso current={route} />
      </Stack>
    </Container>
  );
}
