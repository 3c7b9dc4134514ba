import { OpsPermission } from 'shared-kit';

/** A queue whose waiting count the navigation shows as a badge. */
export type QueueName = 'review' | 'report' | 'appeal';

export interface NavItem {
  /** The path under the console's mount point ('' is the review queue). */
  path: string;
  /** The link's copy key in the `ops` namespace. */
  label: string;
  /** What the operator must hold to see the link (admin holds every one); null: any operator. */
  permission: OpsPermission | null;
  queue?: QueueName;
  /** Only the exact path is this page (the queue at the root). */
  end?: boolean;
}

export interface NavGroup {
  id: 'queues' | 'people' | 'content' | 'insight';
  items: NavItem[];
}

/** The console's pages grouped by the work they serve, each with the permission its api asks for. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'queues',
    items: [
      { path: '', label: 'nav.queue', permission: OpsPermission.Reviewer, queue: 'review', end: true },
      { path: 'reports', label: 'reports.nav', permission: OpsPermission.Moderator, queue: 'report' },
      { path: 'appeals', label: 'appeals.nav', permission: OpsPermission.Moderator, queue: 'appeal' },
    ],
  },
  {
    id: 'people',
    items: [
      { path: 'users', label: 'users.nav', permission: OpsPermission.Moderator },
      { path: 'permissions', label: 'permissions.nav', permission: OpsPermission.Admin },
      { path: 'orders', label: 'orders.nav', permission: OpsPermission.Admin },
    ],
  },
  {
    id: 'content',
    items: [
      { path: 'home', label: 'home.nav', permission: OpsPermission.ContentOperator },
      { path: 'template-whitelist', label: 'templates.nav', permission: OpsPermission.ContentOperator },
      { path: 'mail', label: 'mail.nav', permission: OpsPermission.ContentOperator },
      { path: 'feedback', label: 'feedback.nav', permission: OpsPermission.ContentOperator },
    ],
  },
  {
    id: 'insight',
    items: [
      { path: 'dashboard', label: 'dashboard.nav', permission: null },
      { path: 'audit', label: 'nav.audit', permission: OpsPermission.Admin },
    ],
  },
];

/**
 * The groups and links an operator holding `held` may open (admin holds every permission); groups left with no
 * link are dropped. While the permissions load (`null`) only the links every operator may open are shown.
 */
export function visibleGroups(
  held: readonly string[] | null,
  groups: readonly NavGroup[] = NAV_GROUPS,
): NavGroup[] {
  const has = (p: OpsPermission | null) =>
    p === null || (held !== null && (held.includes(OpsPermission.Admin) || held.includes(p)));
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => has(i.permission)) }))
    .filter((g) => g.items.length > 0);
}
