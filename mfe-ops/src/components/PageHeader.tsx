import type { JSX, ReactNode } from 'react';
import { PageHeading } from './PageHeading';

interface PageHeaderProps {
  title: string;
  /** A line under the title: what the page holds, its range. */
  lead?: ReactNode;
  /** The page's main action (a button, a link), at the header's end. */
  action?: ReactNode;
  /** The page's filters and search, under the title. */
  children?: ReactNode;
  /** A link back to the list the page was opened from, above the title. */
  back?: ReactNode;
}

/** A console page's header: its title (also the tab's), its main action, and its filters. */
export function PageHeader({ title, lead, action, children, back }: PageHeaderProps): JSX.Element {
  return (
    <div className="ops-page-header">
      {back && <p className="ops-page-header__back">{back}</p>}
      <div className="ops-page-header__row">
        <div className="ops-page-header__text">
          <PageHeading title={title} />
          {lead && <p className="ops-page-header__lead">{lead}</p>}
        </div>
        {action && <div className="ops-page-header__action">{action}</div>}
      </div>
      {children && <div className="ops-page-header__filters">{children}</div>}
    </div>
  );
}
