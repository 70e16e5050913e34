import {
  CODE_STATUS_LABELS,
  COURSE_STATUS_LABELS,
  type CodeStatus,
  type CourseStatus,
} from '@lectern/domain';
import { Badge } from '@mantine/core';

const COURSE_STATUS_COLORS: Record<CourseStatus, string> = {
  draft: 'gray',
  published: 'green',
  unlisted: 'yellow',
};

/** A course's status as a badge (text, not only colour). */
export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  return (
    <Badge variant="light" color={COURSE_STATUS_COLORS[status]}>
      {COURSE_STATUS_LABELS[status]}
    </Badge>
  );
}

const CODE_STATUS_COLORS: Record<CodeStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  used_up: 'orange',
  deactivated: 'red',
};

export function CodeStatusBadge({ status }: { status: CodeStatus }) {
  return (
    <Badge variant="light" color={CODE_STATUS_COLORS[status]}>
      {CODE_STATUS_LABELS[status]}
    </Badge>
  );
}
