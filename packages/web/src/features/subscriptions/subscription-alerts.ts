import type { AlertProps } from '@mantine/core';

/**
 * Alert titles in the body text's colour: the light variant's coloured title (orange, yellow,
 * red) falls short of WCAG AA contrast on its own tinted background.
 */
export const READABLE_ALERT_STYLES: AlertProps['styles'] = { title: { color: 'var(--mantine-color-text)' } };
