import type { ConsentCategory } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { COOKIE_REGISTRY, type CookieRule } from '../consent/cookie-registry';
import classes from './legal.module.css';

/** What a cookie policy says about one cookie, in its language. */
export interface CookieDetail {
  purpose: string;
  duration: string;
}

/** Keyed by `cookieKey` of each registry entry: the name, or `prefix*` for a tool's cookies. */
export type CookieDetails = Readonly<Record<string, CookieDetail>>;

export function cookieKey(rule: CookieRule): string {
  return 'name' in rule ? rule.name : `${rule.prefix}*`;
}

const categoryName = (category: ConsentCategory) => `consent.category.${category}.name` as const;

/**
 * Every cookie of the consent feature's registry (the list a consent change deletes by),
 * with its category's name from the preference center: the policy lists exactly the cookies
 * the product knows, under the categories the visitor switches.
 */
export function CookieTable({ details }: { details: CookieDetails }) {
  const intl = useIntl();
  return (
    <div className={classes.tableScroll}>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="legal.cookies.name" />
            </th>
            <th scope="col">
              <FormattedMessage id="legal.cookies.category" />
            </th>
            <th scope="col">
              <FormattedMessage id="legal.cookies.purpose" />
            </th>
            <th scope="col">
              <FormattedMessage id="legal.cookies.duration" />
            </th>
          </tr>
        </thead>
        <tbody>
          {COOKIE_REGISTRY.map((rule) => {
            const key = cookieKey(rule);
            return (
              <tr key={key}>
                <th scope="row">
                  <code>{key}</code>
                </th>
                <td>{intl.formatMessage({ id: categoryName(rule.category) })}</td>
                <td>{details[key]?.purpose}</td>
                <td>{details[key]?.duration}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
