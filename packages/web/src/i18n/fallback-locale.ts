/** The locale whose messages stand in for any missing one (English is the source catalog). */
export const FALLBACK_LOCALE = 'en';
