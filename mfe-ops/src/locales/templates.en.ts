/** The console's copy for the template whitelist (merged into the `ops` namespace). */
const templatesEn = {
  templates: {
    nav: 'Template whitelist',
    title: 'Template whitelist',
    intro: 'Creators on the whitelist make and publish templates for the gallery. Removing a creator leaves their templates as they are.',
    addTitle: 'Add a creator',
    user: 'User ID or uid',
    add: 'Add',
    added: '{{name}} is on the whitelist.',
    removed: '{{name}} is off the whitelist.',
    notFound: 'No account with that User ID or uid.',
    failed: 'The change could not be saved.',
    empty: 'No creator is on the whitelist',
    table: 'Creators on the whitelist',
    creator: 'Creator',
    person: '{{name}} ({{id}})',
    addedBy: 'Added by',
    /** Who added a creator the demo data put on the whitelist (`added_by: "seed"`, no account). */
    bySeed: 'Demo data',
    addedAt: 'Added on',
    actions: 'Actions',
    remove: 'Remove',
    removeLabel: 'Remove {{name}} from the whitelist',
  },
};
export default templatesEn;
