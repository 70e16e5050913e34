import { PAGE_ROUTES, type PageRouteName } from '@lectern/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to another page of the app, by its route name (never a hand-written path). */
export function PageLink({ to, hash, children }: { to: PageRouteName; hash?: string; children: ReactNode }) {
  return <Link to={hash ? `${PAGE_ROUTES[to]}#${hash}` : PAGE_ROUTES[to]}>{children}</Link>;
}

/** The support address as a mail link. */
export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** SELLER_ADDRESS may hold commas or newlines between its lines; prose shows it on one line. */
export function addressLine(address: string): string {
  return address
    .split(/\s*[\n,]\s*/)
    .filter((part) => part !== '')
    .join(', ');
}

/** "1, 3 and 5" in the content's language (the retry days of a failed renewal, for instance). */
export function listText(locale: string, items: readonly (string | number)[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items.map(String));
}

/** Label and value rows under a row header each (a disclosure's items). */
export function FactTable({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
