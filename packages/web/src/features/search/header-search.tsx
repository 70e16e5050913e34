import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useApiClient } from '../../platform/api';
import { AppLink, useNavigation } from '../../platform/navigation/navigation';
import { SearchIcon } from '../../ui/icons';
import classes from './header-search.module.css';
import { readSearchParams, SEARCH_PAGE_PATH, searchHref, SUGGESTIONS_MIN_LENGTH } from './search-api';
import { useStableId } from '../../ui/use-stable-id';
import { useSearchSuggestions } from './use-search-suggestions';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTIONS_DEBOUNCE_MS = 200;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The search box: a GET form to the search page, so it works before (or without) the
 * JavaScript, and with it a combobox (ARIA 1.2 list autocomplete) of course titles matching
 * what is typed: arrow keys move through them and show the highlighted one in the box, Enter
 * searches for what the box shows, Escape closes the list. Plain elements and a CSS module:
 * it is in every page's first bundle, and may be hydrated as an island (app/islands), so no
 * Mantine nor React Router: useNavigation's links and page changes.
 *
 * `variant="header"` is the header's (on small screens an icon link to the search page
 * instead); `variant="page"` is the search page's own, shown only where the header has no box.
 */
export function HeaderSearch({ variant = 'header' }: { variant?: 'header' | 'page' }) {
  const intl = useIntl();
  const api = useApiClient();
  const { location, navigate } = useNavigation();
  const id = useStableId(`search-${variant}`);
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // On the search page the box shows the query being looked at; any navigation starts it over.
  const pageQuery = location.pathname === SEARCH_PAGE_PATH ? readSearchParams(location.search).q : '';
  const [typed, setTyped] = useState(pageQuery);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setTyped(pageQuery);
    setActive(-1);
    setOpen(false);
  }

  const debounced = useDebounced(typed.trim(), SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(api, debounced, open);
  const options = open && typed.trim().length >= SUGGESTIONS_MIN_LENGTH ? suggestions : [];
  const expanded = options.length > 0;
  const shown = active >= 0 && active < options.length ? options[active]!.title : typed;

  const search = (q: string) => {
    setOpen(false);
    setActive(-1);
    setTyped(q);
    navigate(searchHref({ q: q.trim() }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(shown);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight leaves the list and the box shows what was typed.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded || active >= 0) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  return (
    <>
      <form
        role="search"
        method="get"
        action={SEARCH_PAGE_PATH}
        className={variant === 'header' ? classes.headerForm : classes.pageForm}
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId} className={classes.visuallyHidden}>
          {intl.formatMessage({ id: 'search.box.label' })}
        </label>
        <div className={classes.box}>
          <input
            id={inputId}
            className={classes.input}
            type="search"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={500}
            placeholder={intl.formatMessage({ id: 'search.box.placeholder' })}
            value={shown}
            onChange={(event) => {
              setTyped(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className={classes.submit}
            aria-label={intl.formatMessage({ id: 'search.box.submit' })}
          >
            <SearchIcon />
          </button>
          <ul
            id={listId}
            role="listbox"
            aria-label={intl.formatMessage({ id: 'search.box.suggestions' })}
            className={classes.list}
            hidden={!expanded}
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={classes.option}
                // Keeps the focus (and the list) in the box until the click has landed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => search(option.title)}
              >
                {option.title}
              </li>
            ))}
          </ul>
        </div>
        <div role="status" className={classes.visuallyHidden}>
          {expanded
            ? intl.formatMessage({ id: 'search.box.suggestionCount' }, { count: options.length })
            : ''}
        </div>
      </form>
      {variant === 'header' && (
        <AppLink
          to={searchHref(pageQuery ? { q: pageQuery } : {})}
          className={classes.iconLink}
          aria-label={intl.formatMessage({ id: 'search.box.submit' })}
        >
          <SearchIcon />
        </AppLink>
      )}
    </>
  );
}
