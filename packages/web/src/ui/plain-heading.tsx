import type { HTMLAttributes } from 'react';
import classes from './plain-heading.module.css';

/**
 * A section heading drawn as Mantine's h4 (`<Title order={2} size="h4">`) without Mantine's
 * JavaScript, for parts hydrated as islands and the forms they share with other pages.
 */
export function PlainHeading({
  order = 2,
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { order?: 2 | 3 }) {
  const Tag = order === 2 ? 'h2' : 'h3';
  return <Tag className={className ? `${classes.h4} ${className}` : classes.h4} {...rest} />;
}
