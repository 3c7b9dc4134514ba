import mongoose from 'mongoose';
import { ErrorCode, TopicStatus, type TopicType } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { sequentialId } from '../../lib/keys';
import { writeAudit } from '../staff';
import { storyCards } from '../play';
import { Banner, Topic, type BannerRecord, type PlacementRecord, type TopicRecord } from './topic.model';

export type Kind = 'topic' | 'banner';

/** The moves between states an operator may make (spec section 3: Draft, Testing, Published, Offline). */
const MOVES: Record<TopicStatus, TopicStatus[]> = {
  Draft: [TopicStatus.Testing, TopicStatus.Published],
  Testing: [TopicStatus.Draft, TopicStatus.Published, TopicStatus.Offline],
  Published: [TopicStatus.Offline],
  Offline: [TopicStatus.Draft, TopicStatus.Testing, TopicStatus.Published],
};

const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;

function presentPlacement(r: PlacementRecord) {
  return {
    title: r.title,
    status: r.status,
    order: r.order,
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    whitelist: [...(r.whitelist ?? [])],
    updated_at: iso(r.updated_at),
  };
}

export function presentTopic(r: TopicRecord) {
  return { topic_id: r.topic_id, ...presentPlacement(r), description: r.description, type: r.type, story_ids: [...r.story_ids] };
}

export function presentBanner(r: BannerRecord) {
  return { banner_id: r.banner_id, ...presentPlacement(r), image: r.image, link: r.link };
}

/** Models and keys per kind; kept apart so each kind's queries stay typed by mongoose. */
const model = (kind: Kind) => (kind === 'topic' ? Topic : Banner) as unknown as mongoose.Model<PlacementRecord & Record<string, unknown>>;
const idKey = (kind: Kind) => (kind === 'topic' ? 'topic_id' : 'banner_id');
const present = (kind: Kind, r: PlacementRecord) =>
  kind === 'topic' ? presentTopic(r as TopicRecord) : presentBanner(r as BannerRecord);

/** Every topic (or banner), in home-page order. */
export async function listAll(kind: Kind) {
  const rows = await model(kind).find({}).sort({ order: 1, _id: 1 }).limit(500).lean<PlacementRecord[]>();
  return { list: rows.map((r) => present(kind, r)) };
}

export interface PlacementInput {
  id?: string;
  title: string;
  start_at: string | null;
  end_at: string | null;
  whitelist: string[];
}
export interface TopicInput extends PlacementInput {
  description: string;
  type: TopicType;
  story_ids: string[];
}
export interface BannerInput extends PlacementInput {
  image: string;
  link: string;
}

/** Creates (a Draft, placed last) or edits one; an end before the start: 1003. Audited. */
export async function savePlacement(kind: Kind, input: TopicInput | BannerInput, operatorUid: string, now: number) {
  const start = input.start_at ? new Date(input.start_at) : null;
  const end = input.end_at ? new Date(input.end_at) : null;
  if (start && end && end <= start) {
    throw new AppError(ErrorCode.InvalidParam, 'The end must come after the start', { data: { field: 'end_at' } });
  }
  const { id, ...rest } = input;
  const fields = { ...rest, start_at: start, end_at: end, whitelist: [...new Set(input.whitelist)], updated_by: operatorUid };
  const M = model(kind);
  const key = idKey(kind);
  let before: PlacementRecord | null = null;
  let saved: PlacementRecord | null;
  if (id) {
    before = await M.findOne({ [key]: id }).lean<PlacementRecord>();
    if (!before) throw new AppError(ErrorCode.RecordNotFound, `No such ${kind}`);
    saved = await M.findOneAndUpdate({ [key]: id }, { $set: fields }, { new: true }).lean<PlacementRecord>();
  } else {
    const last = await M.findOne({}).sort({ order: -1 }).lean<PlacementRecord>();
    const created = await M.create({ ...fields, [key]: sequentialId(now), status: TopicStatus.Draft, order: (last?.order ?? 0) + 1 });
    saved = created.toObject() as unknown as PlacementRecord;
  }
  const out = present(kind, saved!);
  await writeAudit({
    operator_uid: operatorUid,
    action: `${kind}.save`,
    target_type: kind,
    target_id: (out as Record<string, unknown>)[key] as string,
    before: before ? present(kind, before) : null,
    after: out,
    at: new Date(now),
  });
  return out;
}

/** Moves one to another state (see MOVES; any other move: 1050003). Audited. */
export async function setStatus(kind: Kind, id: string, status: TopicStatus, operatorUid: string, now: number) {
  const M = model(kind);
  const key = idKey(kind);
  const before = await M.findOne({ [key]: id }).lean<PlacementRecord>();
  if (!before) throw new AppError(ErrorCode.RecordNotFound, `No such ${kind}`);
  if (!MOVES[before.status].includes(status)) {
    throw new AppError(ErrorCode.IllegalOperation, `A ${before.status} ${kind} cannot become ${status}`, {
      data: { from: before.status, to: status },
    });
  }
  const saved = await M.findOneAndUpdate({ [key]: id, status: before.status }, { $set: { status, updated_by: operatorUid } }, { new: true }).lean<PlacementRecord>();
  if (!saved) throw new AppError(ErrorCode.ConcurrentOperation, `The ${kind} changed meanwhile`);
  await writeAudit({
    operator_uid: operatorUid,
    action: `${kind}.status`,
    target_type: kind,
    target_id: id,
    before: { status: before.status },
    after: { status },
    at: new Date(now),
  });
  return present(kind, saved);
}

/** Puts the given ones first, in this order; the others follow in their current order. Audited. */
export async function setOrder(kind: Kind, ids: string[], operatorUid: string, now: number) {
  const M = model(kind);
  const key = idKey(kind);
  const all = await M.find({}).sort({ order: 1, _id: 1 }).lean<Array<PlacementRecord & Record<string, unknown>>>();
  const known = new Set(all.map((r) => r[key] as string));
  const unknown = ids.filter((i) => !known.has(i));
  if (unknown.length > 0) throw new AppError(ErrorCode.RecordNotFound, `No such ${kind}: ${unknown.join(', ')}`);
  const first = [...new Set(ids)];
  const rest = all.map((r) => r[key] as string).filter((i) => !first.includes(i));
  const order = [...first, ...rest];
  await M.bulkWrite(order.map((i, n) => ({ updateOne: { filter: { [key]: i }, update: { $set: { order: n + 1 } } } })));
  await writeAudit({ operator_uid: operatorUid, action: `${kind}.order`, target_type: kind, target_id: first[0] ?? '', after: { order }, at: new Date(now) });
  return listAll(kind);
}

/** Published and within its dates, or Testing and the viewer on its whitelist. */
function visibleFilter(viewerUid: string | null, now: number) {
  const at = new Date(now);
  const window = [
    { $or: [{ start_at: null }, { start_at: mongoose.trusted({ $lte: at }) }] },
    { $or: [{ end_at: null }, { end_at: mongoose.trusted({ $gt: at }) }] },
  ];
  const who = viewerUid ? [{ status: TopicStatus.Published }, { status: TopicStatus.Testing, whitelist: viewerUid }] : [{ status: TopicStatus.Published }];
  return { $and: [{ $or: who }, ...window] };
}

/** The player's home: the banners and topics the viewer may see now, in order. */
export async function homeContent(viewerUid: string | null, now: number) {
  const filter = visibleFilter(viewerUid, now);
  const [banners, topics] = await Promise.all([
    Banner.find(filter).sort({ order: 1, _id: 1 }).limit(20).lean<BannerRecord[]>(),
    Topic.find(filter).sort({ order: 1, _id: 1 }).limit(50).lean<TopicRecord[]>(),
  ]);
  // Top topics first, each kind in the operators' order.
  const sorted = [...topics].sort((a, b) => Number(b.type === 'Top') - Number(a.type === 'Top'));
  return {
    banners: banners.map((b) => ({ banner_id: b.banner_id, title: b.title, image: b.image, link: b.link })),
    topics: sorted.map((t) => ({ topic_id: t.topic_id, title: t.title, description: t.description, type: t.type, story_count: t.story_ids.length })),
  };
}

/** A topic the viewer may see, with the cards of its stories that are live (others are left out). */
export async function topicDetail(topicId: string, viewerUid: string | null, now: number) {
  const topic = await Topic.findOne({ topic_id: topicId, ...visibleFilter(viewerUid, now) }).lean<TopicRecord>();
  if (!topic) throw new AppError(ErrorCode.TopicDeleted, 'This topic is not available');
  // Each story as others see it (its live, reviewed version), read for the whole page at once.
  const stories = await storyCards(topic.story_ids.slice(0, 50), viewerUid ?? undefined);
  return {
    topic: { topic_id: topic.topic_id, title: topic.title, description: topic.description, type: topic.type, story_count: topic.story_ids.length },
    stories,
  };
}
