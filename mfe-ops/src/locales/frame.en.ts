/** The console frame's copy: its navigation groups, badges, page header and list helpers (merged into `ops`). */
const frameEn = {
  frame: {
    menu: 'Console menu',
    groups: { queues: 'Queues', people: 'People', content: 'Content', insight: 'Insight' },
    /** After the badge's figure: "Reports 3 waiting". */
    waiting: 'waiting',
    timeZone: 'Times in {{zone}}',
    shortcuts: 'Keyboard shortcuts',
    keys: { approve: 'Approve', reject: 'Reject', next: 'Next story' },
    decision: 'Decision',
    range: 'Range',
    rangeDays: 'Last {{count}} days',
    trend: '{{change}} since {{day}}',
    noChange: 'No change since {{day}}',
    showing_one: '{{count}} shown',
    showing_other: '{{count}} shown',
  },
};

export default frameEn;
