// Feedback to the team and on stories: the names and limits both sides use (the schemas are in contracts/feedback.ts).

export const FEEDBACK_LIMITS = {
  /** Characters of a feedback's text. */
  text: 500,
  /** Characters of an operator's answer. */
  answer: 1000,
  /** Feedback one account may send in a day. */
  perDay: 10,
  /** The newest holds the feed leaves out for a player. */
  holdsInFeed: 1000,
} as const;

/** Open until the team answers; Answered (the answer is in the sender's inbox); Closed by an operator. */
export const FeedbackStatus = { Open: 'Open', Answered: 'Answered', Closed: 'Closed' } as const;
export type FeedbackStatus = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];
