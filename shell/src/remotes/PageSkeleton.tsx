import { Skeleton } from 'ui-kit';

/**
 * Grey blocks in the shape of a page (a title, a lead, a row of cards) while the page's code or copy arrives, so a
 * slow network never shows a blank page. With a `label` it is announced as a busy status under that name.
 */
export function PageSkeleton({ label, loading }: { label?: string; loading?: string }) {
  return (
    <div
      className="page-skeleton"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-busy="true"
      data-loading={loading}
    >
      <Skeleton className="page-skeleton__title" width="45%" height={32} />
      <Skeleton width="80%" />
      <Skeleton width="60%" />
      <div className="page-skeleton__cards">
        <Skeleton shape="block" height={140} />
        <Skeleton shape="block" height={140} />
        <Skeleton shape="block" height={140} />
      </div>
    </div>
  );
}
