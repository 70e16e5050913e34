import { DEFAULT_LOCALE, supportedLocaleFor, type SupportedLocale } from '@lectern/domain';
import { useIntl } from 'react-intl';
import classes from './language-picker.module.css';
import { LANGUAGES } from './languages';
import { chooseLocale, type LocaleChoiceEffects } from './locale-choice';
import { useStableId } from '../../ui/use-stable-id';

/**
 * The footer's choice of language: the browser's own select (small, keyboard and screen-reader
 * friendly without a script of ours), each language in its own name and marked with its
 * `lang` so a screen reader pronounces it right. Choosing one keeps it in the locale cookie and
 * reloads the page in it.
 */
export function LanguagePicker(effects: LocaleChoiceEffects) {
  const intl = useIntl();
  const id = useStableId('language');
  const current = supportedLocaleFor(intl.locale) ?? DEFAULT_LOCALE;
  return (
    <div className={classes.picker}>
      <label htmlFor={id} className={classes.label}>
        <GlobeIcon />
        {intl.formatMessage({ id: 'locale.picker.label' })}
      </label>
      <select
        id={id}
        className={classes.select}
        value={current}
        onChange={(event) => chooseLocale(event.currentTarget.value as SupportedLocale, effects)}
      >
        {LANGUAGES.map(({ locale, name }) => (
          <option key={locale} value={locale} lang={locale}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </g>
    </svg>
  );
}
