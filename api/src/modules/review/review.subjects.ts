import type { TextsReport } from './review.engine';
import { ReviewJob } from './reviewJob.model';

/**
 * Things other than stories that go through the same automated review (a collection...). Their module registers how
 * to read the texts of one revision and how to record the outcome; the review worker runs their jobs from the same
 * durable queue as stories' (`review_jobs`, `kind` naming the subject), once across processes.
 */
export interface ReviewSubject {
  /** The texts of that revision by key, or null once the revision no longer waits (edited again, deleted). */
  texts(subjectId: string, revision: string): Promise<Array<{ key: string; text: string }> | null>;
  /** Records the outcome on that revision, if it still waits for it. */
  apply(subjectId: string, revision: string, report: TextsReport, at: Date): Promise<void>;
  /** Revisions waiting without a job (a crash between the write and the queueing), looked for at start. */
  waiting?(): Promise<Array<{ subject_id: string; revision: string; uid: string }>>;
}

const subjects = new Map<string, ReviewSubject>();

export function registerReviewSubject(kind: string, subject: ReviewSubject): void {
  subjects.set(kind, subject);
}

export function reviewSubject(kind: string): ReviewSubject | undefined {
  return subjects.get(kind);
}

export function reviewSubjects(): Array<[string, ReviewSubject]> {
  return [...subjects];
}

/** The job id of a subject's revision: unique across kinds. */
export function subjectJobId(kind: string, subjectId: string, revision: string): string {
  return `${kind}:${subjectId}:${revision}`;
}

/** Queues the review of a subject's revision (a second call for the same revision is a no-op). */
export async function enqueueSubjectReview(kind: string, job: { subject_id: string; revision: string; uid: string }, now: number): Promise<void> {
  const version_id = subjectJobId(kind, job.subject_id, job.revision);
  await ReviewJob.updateOne(
    { version_id },
    { $setOnInsert: { version_id, kind, story_id: job.subject_id, uid: job.uid, state: 'queued', run_after: new Date(now), attempts: 0 } },
    { upsert: true },
  );
}
