import type { HTMLAttributes } from 'react';
import classes from './plain-heading.module.css';

/**
 * A section heading drawn as Mantine's `<Title order={2} size="h4">` (or `size="h6"`) without
 * Mantine's JavaScript, for parts hydrated as islands and the forms they share with other pages.
 */
export function PlainHeading({
  order = 2,
  size = 'h4',
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { order?: 2 | 3; size?: 'h4' | 'h6' }) {
  const Tag = order === 2 ? 'h2' : 'h3';
  return <Tag className={[classes.heading, classes[size], className].filter(Boolean).join(' ')} {...rest} />;
}
