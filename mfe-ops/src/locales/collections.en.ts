/** The console copy for collections in the review queue (merged into the `ops` namespace). */
const collectionsEn = {
  collections: {
    title: 'Collections',
    table: 'Collections waiting for review',
    loading: 'Loading collections…',
    error: 'The collections could not be loaded.',
    reload: 'Reload collections',
    empty: 'No collections waiting for review.',
    name: 'Collection',
    status: 'Status',
    flagged: 'Flagged',
    decide: 'Decision',
    note: 'Note on {{name}}',
    notePlaceholder: 'Reason the creator reads (optional)',
    creations: 'Creations: {{names}}',
    separator: ' · ',
    pass: 'Pass',
    fail: 'Fail',
    unqualified: 'Unqualified',
    statuses: { ToVerify: 'Verifying', Failed: 'Failed', Unqualified: 'Unqualified', Passed: 'Passed', Default: 'New', SelfWatch: 'Removed' },
  },
};
export default collectionsEn;
