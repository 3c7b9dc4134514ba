// The comment module's face: what other modules may use. Everything else in this folder is its own.
export { Comment, type CommentRecord } from './comment.model';
export { takeDownComment } from './comment.service';
export { registerCommentSubject, type CommentSubject } from './comment.subjects';
