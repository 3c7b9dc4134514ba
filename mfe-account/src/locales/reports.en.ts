/** "My reports" copy (merged into the `account` namespace). */
const reportsEn = {
  reports: {
    title: 'My reports',
    link: 'My reports',
    loading: 'Loading your reports…',
    loadFailed: 'Your reports could not be loaded.',
    emptyTitle: 'No reports',
    emptyText: 'Reports you send from a story, a comment or a chat show here with their result.',
    more: 'Load more',
    untitled: 'Untitled',
    line: '{{kind}}: {{name}}',
    sent: 'Sent {{date}}',
    status: { Open: 'Under review', Resolved: 'Handled' },
    outcome: {
      NoAction: 'We found no violation.',
      Remove: 'The content was removed.',
      Sanction: 'Its author was sanctioned.',
    },
    kinds: { story: 'Story', comment: 'Comment', author: 'Creator', dialogue: 'Chat line', template: 'Template', topic: 'Topic' },
  },
};

export default reportsEn;
export type ReportsCatalogue = typeof reportsEn;
