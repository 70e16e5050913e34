import type { ShareableObject } from '@lectern/domain';
import { ShareButton } from '../sharing/share-button';
import { useTracker } from '../tracking/use-tracker';

export interface CourseShareButtonProps {
  /** The course as sharing sees it: `shareableCourse(course)` (JSON, unlike a callback). */
  course: ShareableObject;
}

/**
 * The course landing page's "Share": the share button for the course, which publishes a Share
 * event for the network the reader picks. Island-safe (app/islands): JSON props, and its
 * callback made here rather than passed in.
 */
export function CourseShareButton({ course }: CourseShareButtonProps) {
  const { track } = useTracker();
  return (
    <ShareButton
      object={course}
      context="clp"
      onShare={(network) => track('Share', { network, context: 'clp', objectId: course.id })}
    />
  );
}
