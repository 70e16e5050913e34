import {
  CONSENT_CATEGORY_IDS,
  normalizeAllowedCategories,
  REQUIRED_CONSENT_CATEGORY,
  type ConsentCategory,
} from '@lectern/domain';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { OnDemandProviders } from '../../ui/on-demand-providers';

/** Name and description of each category (platform §6). */
const CATEGORY_MESSAGES: Readonly<Record<ConsentCategory, { name: MessageId; description: MessageId }>> = {
  C0001: { name: 'consent.category.C0001.name', description: 'consent.category.C0001.description' },
  C0002: { name: 'consent.category.C0002.name', description: 'consent.category.C0002.description' },
  C0003: { name: 'consent.category.C0003.name', description: 'consent.category.C0003.description' },
  C0004: { name: 'consent.category.C0004.name', description: 'consent.category.C0004.description' },
  C0005: { name: 'consent.category.C0005.name', description: 'consent.category.C0005.description' },
};

export interface PreferenceCenterProps {
  opened: boolean;
  /** The current choice; the switches start from it each time the center opens. */
  allowed: readonly ConsentCategory[];
  onClose(): void;
  onConfirm(allowed: ConsentCategory[]): void;
  onAllowAll(): void;
}

/**
 * The consent preference center (platform §4, §6): a modal dialog with one switch per
 * category. Strictly necessary cookies are shown on and cannot be switched off.
 *
 * It uses Mantine, so `consent-ui.tsx` loads it lazily, once it is first opened: the banner
 * and the footer's button stay free of Mantine's JavaScript for islands (app/islands), and
 * `OnDemandProviders` gives it a MantineProvider there.
 */
export function PreferenceCenter(props: PreferenceCenterProps) {
  // Being loaded on demand, it is first mounted already open. Mantine's modal notes the
  // focused control (to give focus back on close) only when `opened` changes, not on a first
  // mount, so the modal opens one render later.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point
  useEffect(() => setMounted(true), []);
  return (
    <OnDemandProviders>
      <PreferenceModal {...props} opened={props.opened && mounted} />
    </OnDemandProviders>
  );
}

function PreferenceModal({ opened, allowed, onClose, onConfirm, onAllowAll }: PreferenceCenterProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'consent.center.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'consent.center.close' }) }}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the stored choice. */}
      <PreferenceChoices allowed={allowed} onConfirm={onConfirm} onAllowAll={onAllowAll} />
    </Modal>
  );
}

function PreferenceChoices({
  allowed,
  onConfirm,
  onAllowAll,
}: Pick<PreferenceCenterProps, 'allowed' | 'onConfirm' | 'onAllowAll'>) {
  const intl = useIntl();
  const idPrefix = useId();
  const [draft, setDraft] = useState<ConsentCategory[]>(() => normalizeAllowedCategories(allowed));
  const toggle = (category: ConsentCategory, on: boolean) =>
    setDraft((current) =>
      normalizeAllowedCategories(on ? [...current, category] : current.filter((id) => id !== category)),
    );

  return (
    <Stack gap="lg">
      <Text size="sm">
        <FormattedMessage id="consent.center.intro" />
      </Text>
      <Stack gap="md" role="group" aria-label={intl.formatMessage({ id: 'consent.center.categories' })}>
        {CONSENT_CATEGORY_IDS.map((category) => {
          const required = category === REQUIRED_CONSENT_CATEGORY;
          const descriptionId = `${idPrefix}-${category}`;
          // The description sits outside Mantine's label (inside it, it would join the name).
          return (
            <Stack key={category} gap={4}>
              <Switch
                label={intl.formatMessage({ id: CATEGORY_MESSAGES[category].name })}
                aria-describedby={descriptionId}
                checked={required || draft.includes(category)}
                disabled={required}
                onChange={(event) => toggle(category, event.currentTarget.checked)}
              />
              <Text size="sm" c="dimmed" id={descriptionId}>
                <FormattedMessage id={CATEGORY_MESSAGES[category].description} />
                {required && (
                  <>
                    {' '}
                    <FormattedMessage id="consent.center.alwaysActive" />
                  </>
                )}
              </Text>
            </Stack>
          );
        })}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onConfirm(draft)}>
          <FormattedMessage id="consent.center.confirm" />
        </Button>
        <Button onClick={onAllowAll}>
          <FormattedMessage id="consent.center.allowAll" />
        </Button>
      </Group>
    </Stack>
  );
}
