import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Mantine's default blue (shade 6) and red and gray text shades fall short of WCAG AA
 * contrast on white, so filled controls and links use shade 8, errors red 9, and
 * secondary ("dimmed") text gray 7. Text on yellow's, green's and orange's light backgrounds
 * (badges, alerts: 2.7:1, 3.8:1 and 3.6:1 in shade 9) is a darker tone of the hue.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-yellow-light-color': '#5c3c00',
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-orange-light-color': '#8f3206',
  },
  dark: {},
});
