import { HEADER_HEIGHT } from 'shared-kit';
import { PrerenderedPage, Skeleton, showsPrerenderedPage } from 'ui-kit';
import { PageSkeleton } from './PageSkeleton';

/**
 * The whole frame (header bar and page) before the shell can show words: the same shape as index.html's, the page
 * in the main landmark the layout puts it in afterwards; the page's own first screen when the server sent one.
 */
export function AppSkeleton() {
  return (
    <>
      <div className="app-header" style={{ height: HEADER_HEIGHT }} aria-hidden="true">
        <Skeleton width={120} height={24} />
      </div>
      <main className="app-main">{showsPrerenderedPage() ? <PrerenderedPage /> : <PageSkeleton />}</main>
    </>
  );
}
