import { PAGE_ROUTES, type PageRouteName } from '@lectern/domain';
import { Anchor, Group, List, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';

export type LegalRoute = Extract<
  PageRouteName,
  'support' | 'terms' | 'refundPolicy' | 'privacyPolicy' | 'cookiePolicy' | 'commercialTransactions'
>;

/** The pages people look for, in the order the footer lists them. */
export const LEGAL_LINKS: readonly { route: LegalRoute; label: MessageId }[] = [
  { route: 'support', label: 'legal.link.support' },
  { route: 'terms', label: 'legal.link.terms' },
  { route: 'refundPolicy', label: 'legal.link.refundPolicy' },
  { route: 'privacyPolicy', label: 'legal.link.privacyPolicy' },
  { route: 'cookiePolicy', label: 'legal.link.cookiePolicy' },
  { route: 'commercialTransactions', label: 'legal.link.commercialTransactions' },
];

/** The footer's links to the help centre and the legal pages. */
export function LegalFooterLinks() {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'legal.footerNav' })}>
      <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {LEGAL_LINKS.map(({ route, label }) => (
          <li key={route}>
            <Anchor component={Link} to={PAGE_ROUTES[route]} size="sm">
              <FormattedMessage id={label} />
            </Anchor>
          </li>
        ))}
      </Group>
    </nav>
  );
}

/** At the end of each legal page: the others, so a reader can move between them. */
export function LegalSeeAlso({ current }: { current: LegalRoute }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        <FormattedMessage id="legal.seeAlso" />
      </Title>
      <List spacing={4}>
        {LEGAL_LINKS.filter(({ route }) => route !== current).map(({ route, label }) => (
          <List.Item key={route}>
            <Anchor component={Link} to={PAGE_ROUTES[route]}>
              <FormattedMessage id={label} />
            </Anchor>
          </List.Item>
        ))}
      </List>
    </nav>
  );
}
