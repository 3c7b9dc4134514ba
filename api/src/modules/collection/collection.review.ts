import mongoose from 'mongoose';
import { ErrorCode, NoticeKind, StoryCollectionStatus, StoryStatus, type CollectionDecideRequest } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { notify } from '../notice';
import { registerReviewSubject, type TextsReport } from '../review';
import { liveStoryViews } from '../stories';
import { writeAudit } from '../staff';
import { Collection, type CollectionRecord } from './collection.model';
import { creationOf } from './collection.presenter';
import { COLLECTION_REVIEW_KIND } from './collection.service';

const OUTCOME: Record<number, StoryCollectionStatus> = {
  [StoryStatus.Passed]: StoryCollectionStatus.Passed,
  [StoryStatus.Failed]: StoryCollectionStatus.Failed,
  [StoryStatus.Unqualified]: StoryCollectionStatus.Unqualified,
};

/** Where a collection waits for an operator: not reviewed yet, or flagged by the automated review. */
const QUEUED: StoryCollectionStatus[] = [StoryCollectionStatus.ToVerify, StoryCollectionStatus.Failed, StoryCollectionStatus.Unqualified];

const waitingFilter = (collectionId: string, revision: number) => ({
  collection_id: collectionId,
  revision,
  status: StoryCollectionStatus.ToVerify,
  deleted_at: null,
  removed_at: null,
});

/** A passed revision becomes what others see. */
const liveOf = (c: CollectionRecord) => ({ name: c.name, description: c.description, creations: c.creations, revision: c.revision });

// The automated review reads a revision's name and description, as it reads a story's texts.
registerReviewSubject(COLLECTION_REVIEW_KIND, {
  async texts(collectionId, revision) {
    const c = await Collection.findOne(waitingFilter(collectionId, Number(revision))).lean<CollectionRecord>();
    return c ? [{ key: 'name', text: c.name }, { key: 'description', text: c.description }] : null;
  },
  async apply(collectionId, revision, report: TextsReport, at) {
    const c = await Collection.findOne(waitingFilter(collectionId, Number(revision))).lean<CollectionRecord>();
    if (!c) return;
    const status = OUTCOME[report.status] ?? StoryCollectionStatus.Failed;
    await Collection.updateOne(waitingFilter(collectionId, c.revision), {
      $set: {
        status,
        review_reasons: report.refused.map((r) => ({ field: r.key, reason: r.reason })),
        review_notes: report.notes,
        ...(status === StoryCollectionStatus.Passed ? { live: liveOf(c), decided_revision: 0 } : {}),
        updated_at: at,
      },
    });
  },
  async waiting() {
    const rows = await Collection.find({ status: StoryCollectionStatus.ToVerify, deleted_at: null, removed_at: null }, { collection_id: 1, revision: 1, uid: 1 })
      .limit(1000)
      .lean<CollectionRecord[]>();
    return rows.map((c) => ({ subject_id: c.collection_id, revision: String(c.revision), uid: c.uid }));
  },
});

/** The console's review queue of collections: waiting or flagged, not yet decided by an operator, oldest first. */
export async function collectionQueue(count: number) {
  const rows = await Collection.find({ status: mongoose.trusted({ $in: QUEUED }), deleted_at: null, removed_at: null })
    .sort({ updated_at: 1 })
    .limit(count * 2)
    .lean<CollectionRecord[]>();
  const open = rows.filter((c) => c.decided_revision !== c.revision).slice(0, count);
  const views = await liveStoryViews(open.flatMap((c) => c.creations));
  return {
    list: open.map((c) => ({
      collection_id: c.collection_id,
      uid: c.uid,
      revision: c.revision,
      name: c.name,
      description: c.description,
      status: c.status,
      review_reasons: c.review_reasons.map((r) => ({ field: r.field, reason: r.reason })),
      review_notes: c.review_notes,
      creations: c.creations.flatMap((id) => {
        const v = views.get(id);
        return v ? [creationOf(v)] : [];
      }),
      updated_at: c.updated_at.toISOString(),
    })),
  };
}

/**
 * An operator's verdict on one revision in the queue: Passed makes it what others see; Failed and Unqualified keep
 * it from them with the operator's note as the reason. Once per revision (a second decision, or one on a revision
 * edited since, 1050001). Audited.
 */
export async function decideCollection(input: Required<CollectionDecideRequest>, operatorUid: string, now: number) {
  const c = await Collection.findOne({ collection_id: input.collection_id, revision: input.revision, deleted_at: null, removed_at: null }).lean<CollectionRecord>();
  if (!c || !QUEUED.includes(c.status) || c.decided_revision === c.revision) {
    throw new AppError(ErrorCode.RecordNotFound, 'The collection is not waiting for review', { data: { field: 'collection_id' } });
  }
  const status = StoryCollectionStatus[input.decision];
  const passed = status === StoryCollectionStatus.Passed;
  const at = new Date(now);
  const done = await Collection.findOneAndUpdate(
    { collection_id: c.collection_id, revision: c.revision, status: c.status, decided_revision: c.decided_revision, deleted_at: null, removed_at: null },
    {
      $set: {
        status,
        decided_revision: c.revision,
        review_reasons: passed ? [] : [{ field: 'collection', reason: input.note || 'Content violation, edit and retry' }],
        review_notes: [...c.review_notes, `operator ${input.decision}${input.note ? `: ${input.note}` : ''}`],
        ...(passed ? { live: liveOf(c) } : {}),
        updated_at: at,
      },
    },
    { new: true },
  ).lean<CollectionRecord>();
  if (!done) throw new AppError(ErrorCode.ConcurrentOperation, 'The collection changed meanwhile; reload the queue');
  await writeAudit({
    operator_uid: operatorUid,
    action: 'review.collection',
    target_type: 'collection',
    target_id: c.collection_id,
    before: { status: c.status, revision: c.revision },
    after: { status },
    reason: input.note,
    at,
  });
  // The owner is told, as a story's creator is of an operator's verdict.
  await notify({
    uid: c.uid,
    kind: passed ? NoticeKind.CollectionPassed : NoticeKind.CollectionFailed,
    actor_uid: '',
    story_name: c.name,
    text: passed ? '' : input.note || 'Content violation, edit and retry',
    link: `/editor/collection/${c.collection_id}`,
  });
  return { collection_id: c.collection_id, status };
}

/**
 * Takes a collection down after reports (the console's report item, action Remove): others no longer see it
 * (SelfWatch, its owner alone), the owner is told in the inbox with the reason, and it is audited. Gone already: null.
 */
export async function removeCollection(collectionId: string, operatorUid: string, reason: string, now: number) {
  const at = new Date(now);
  const before = await Collection.findOneAndUpdate(
    { collection_id: collectionId, deleted_at: null, removed_at: null },
    { $set: { removed_at: at, status: StoryCollectionStatus.SelfWatch } },
  ).lean<CollectionRecord>();
  if (!before) return null;
  await notify({
    uid: before.uid,
    kind: NoticeKind.CollectionRemoved,
    actor_uid: '',
    story_name: before.live?.name ?? before.name,
    text: reason,
    link: `/editor/collection/${before.collection_id}`,
  });
  await writeAudit({
    operator_uid: operatorUid,
    action: 'report.remove',
    target_type: 'collection',
    target_id: collectionId,
    before: { status: before.status },
    after: { status: StoryCollectionStatus.SelfWatch },
    reason,
    at,
  });
  return { collection_id: collectionId };
}

/** What a report needs of a collection the reporter can see (1010901 otherwise). */
export function reportInfo(c: CollectionRecord) {
  return { owner_uid: c.uid, story_id: '', name: c.live?.name ?? c.name };
}

/** The collection as players see it now, for the operator judging its reports. */
export async function collectionTargetView(collectionId: string) {
  const c = await Collection.findOne({ collection_id: collectionId }).lean<CollectionRecord>();
  if (!c) return null;
  const copy = c.live ?? c;
  const views = await liveStoryViews(copy.creations);
  return {
    exists: !c.deleted_at && !c.removed_at && !!c.live,
    uid: c.uid,
    title: copy.name,
    text: copy.description,
    image: copy.creations.map((id) => views.get(id)?.logo ?? '').find((l) => l) ?? '',
    parts: copy.creations.flatMap((id) => {
      const v = views.get(id);
      return v ? [{ label: v.story_name, text: v.introduction }] : [];
    }),
    link: `/play/collection/${c.collection_id}`,
  };
}
