/** The console's copy for operation status, visibility, permissions and reports (merged into the `ops` namespace). */
const moderationEn = {
  operate: {
    opStatus: 'Operation status',
    visibility: 'Visibility tag',
    unchanged: 'Leave as it is',
    noTag: 'No tag',
    ops: {
      Public: 'Public',
      UnPass: 'Not passed (creator only)',
      MildNotRecommend: 'Mildly not recommended (feed, last)',
      NotRecommend: 'Not recommended (search only)',
      SelfWatch: 'Self-watch (creator only)',
      BreakUp: 'Taken down',
      Delete: 'Deleted',
    },
    tags: {
      Invisible: 'Invisible (creator only)',
      Searchable: 'Searchable (not in the feed)',
      MildNotRecommended: 'Mildly not recommended (feed, last)',
      Recommended: 'Recommended (feed, first)',
    },
  },
  permissions: {
    nav: 'Permissions',
    title: 'Operator permissions',
    table: 'Operators',
    who: 'Operator',
    person: '{{name}} ({{id}})',
    empty: 'No operators',
    grantTitle: 'Grant a permission',
    user: 'User ID or uid',
    permission: 'Permission',
    grant: 'Grant',
    granted: 'Permission granted.',
    revoked: 'Permission revoked.',
    revoke: 'Revoke {{permission}} from {{name}}',
    notFound: 'No account with that User ID or uid.',
    self: 'You cannot revoke your own admin permission.',
    failed: 'The change could not be saved.',
    names: { reviewer: 'Reviewer', moderator: 'Moderator', content_operator: 'Content operator', admin: 'Admin' },
  },
  noPermission: 'Your operator account does not have the permission for this page.',
};

export default moderationEn;
export type ModerationCatalogue = typeof moderationEn;
