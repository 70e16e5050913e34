import { TEAM_PLAN_LICENSES } from '@lectern/domain';
import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useBrandName, useUserContext } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';

interface TermsSection {
  id: string;
  heading: MessageId;
  paragraphs: MessageId[];
}

/** The sections in reading order: what is bought, how it is paid, and how it ends. */
const SECTIONS: TermsSection[] = [
  {
    id: 'subscriptions',
    heading: 'businessTerms.subscriptions.heading',
    paragraphs: ['businessTerms.subscriptions.licenses', 'businessTerms.subscriptions.limit'],
  },
  {
    id: 'billing',
    heading: 'businessTerms.billing.heading',
    paragraphs: [
      'businessTerms.billing.price',
      'businessTerms.billing.renewal',
      'businessTerms.billing.failed',
    ],
  },
  {
    id: 'trials',
    heading: 'businessTerms.trials.heading',
    paragraphs: ['businessTerms.trials.text', 'businessTerms.trials.once'],
  },
  { id: 'licenses', heading: 'businessTerms.licenses.heading', paragraphs: ['businessTerms.licenses.text'] },
  {
    id: 'cancellation',
    heading: 'businessTerms.cancellation.heading',
    paragraphs: ['businessTerms.cancellation.access', 'businessTerms.cancellation.refunds'],
  },
  {
    id: 'taxes',
    heading: 'businessTerms.taxes.heading',
    paragraphs: ['businessTerms.taxes.text', 'businessTerms.taxes.details'],
  },
  {
    id: 'data',
    heading: 'businessTerms.data.heading',
    paragraphs: ['businessTerms.data.text', 'businessTerms.data.admins'],
  },
];

/** The last section: where to ask, the support centre when the configuration names one. */
function Contact() {
  const help = useUserContext().config?.urls.help;
  return (
    <Box component="section" aria-labelledby="terms-contact">
      <Title order={2} id="terms-contact" mb="xs">
        <FormattedMessage id="businessTerms.contact.heading" />
      </Title>
      <Text>
        {help ? (
          <FormattedMessage
            id="businessTerms.contact.text"
            values={{
              link: (chunks: ReactNode) => (
                <Anchor href={help} underline="always">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        ) : (
          <FormattedMessage id="businessTerms.contact.textNoLink" />
        )}
      </Text>
    </Box>
  );
}

/**
 * `/terms/ub/` (team-plan §2 routes): the business edition's terms, "{brand} Business Terms",
 * which the Team Plan checkout links to. Plain text from the message catalog under one
 * heading per section (subscriptions and licenses, billing and renewal, trials, added
 * licenses, cancellation, taxes, data, contact), with a list of the sections to jump to.
 */
export function BusinessTermsPage() {
  const intl = useIntl();
  const brand = useBrandName();
  const title = intl.formatMessage({ id: 'businessTerms.title' }, { brand });
  usePageTitle(title);
  const values = { brand, max: TEAM_PLAN_LICENSES.maximum };
  const contents = intl.formatMessage({ id: 'businessTerms.contents' });
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          <Text size="lg">
            <FormattedMessage id="businessTerms.intro" values={values} />
          </Text>
        </Stack>
        <Box component="nav" aria-label={contents}>
          <Text fw={700} mb="xs" aria-hidden="true">
            {contents}
          </Text>
          <List spacing={4}>
            {SECTIONS.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#terms-${section.id}`}>
                  <FormattedMessage id={section.heading} />
                </Anchor>
              </List.Item>
            ))}
            <List.Item>
              <Anchor href="#terms-contact">
                <FormattedMessage id="businessTerms.contact.heading" />
              </Anchor>
            </List.Item>
          </List>
        </Box>
        {SECTIONS.map((section) => (
          <Box component="section" key={section.id} aria-labelledby={`terms-${section.id}`}>
            <Title order={2} id={`terms-${section.id}`} mb="xs">
              <FormattedMessage id={section.heading} />
            </Title>
            <Stack gap="xs">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph}>
                  <FormattedMessage id={paragraph} values={values} />
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
        <Contact />
      </Stack>
    </Container>
  );
}
