// The review module's face: what other modules may use. Everything else in this folder is its own.
export { FORBIDDEN_WORDS_DIR } from './forbiddenWords';
export { applyVerdict, resultFromReasons, type Decision, type FieldReason } from './verdict';
export { reasonsOf, useReviewNotices } from './reviewNotices';
export { cancelReviews, enqueueReview } from './review.worker';
export { ReviewJob } from './reviewJob.model';
export { enqueueSubjectReview, registerReviewSubject, type ReviewSubject } from './review.subjects';
export type { TextsReport } from './review.engine';
