/** The console's feedback page (merged into the `ops` namespace). */
const feedbackEn = {
  feedback: {
    nav: 'Feedback',
    title: 'Feedback',
    filter: 'Show',
    filters: { all: 'Waiting and answered', Open: 'Waiting for an answer', Answered: 'Answered', Closed: 'Closed' },
    loading: 'Loading feedback…',
    loadFailed: 'The feedback could not be loaded.',
    retry: 'Try again',
    empty: 'No feedback here.',
    from: 'From {{name}} · {{date}}',
    version: 'Version {{version}} · {{device}}',
    screenshot: 'Screenshot',
    answers: 'Answers',
    answer: 'Answer',
    send: 'Send answer',
    close: 'Close',
    answered: 'Answer sent to the inbox.',
    closed: 'Feedback closed.',
    failed: 'Not done: {{message}}',
    more: 'Load more',
    status: { Open: 'Waiting', Answered: 'Answered', Closed: 'Closed' },
  },
};

export default feedbackEn;
export type FeedbackCatalogue = typeof feedbackEn;
