import mongoose, { Schema, type Connection } from 'mongoose';
import { startTestServer } from './helpers';

let server: Awaited<ReturnType<typeof startTestServer>>;
let conn: Connection;

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    handle: { type: String, sparse: true, unique: true },
    age: Number,
    tags: [String],
    scores: [{ game: String, points: Number }],
  },
  { timestamps: true },
);
userSchema.index({ age: 1, email: 1 });

const postSchema = new Schema({ title: String, author: { type: Schema.Types.ObjectId, ref: 'User' }, likes: { type: Number, default: 0 } });
postSchema.index({ author: 1, title: 1 }, { unique: true });

beforeAll(async () => {
  server = await startTestServer();
  conn = await mongoose.createConnection(`${server.uri}mongoose_suite`).asPromise();
  User = userModel(conn);
  Post = postModel(conn);
});

afterAll(async () => {
  await conn.close();
  await server.stop();
});

const userModel = (c: Connection) => c.model('User', userSchema);
const postModel = (c: Connection) => c.model('Post', postSchema);
let User: ReturnType<typeof userModel>;
let Post: ReturnType<typeof postModel>;

async function dupError(p: Promise<unknown>): Promise<{ code: number; keyValue: unknown }> {
  try {
    await p;
  } catch (err) {
    return err as { code: number; keyValue: unknown };
  }
  throw new Error('expected a duplicate key error');
}

it('builds indexes with init and syncIndexes', async () => {
  await User.init();
  await Post.init();
  await User.syncIndexes();
  const names = (await User.listIndexes()).map((i) => i.name).sort();
  expect(names).toEqual(['_id_', 'age_1_email_1', 'email_1', 'handle_1'].sort());
  expect(await User.syncIndexes()).toEqual([]);
});

it('creates, reads, updates and deletes documents', async () => {
  const ann = await User.create({ email: 'ann@x', age: 30, tags: ['a'] });
  await User.create([{ email: 'bob@x', age: 25 }, { email: 'cid@x', age: 35, handle: 'cid' }]);
  const found = await User.find({ age: { $gte: 26 } }).sort({ age: -1 }).select('email').lean();
  expect(found.map((u) => u.email)).toEqual(['cid@x', 'ann@x']);
  const updated = await User
    .findOneAndUpdate(
      { _id: ann._id },
      { $inc: { age: 1 }, $push: { scores: { game: 'chess', points: 3 } }, $addToSet: { tags: { $each: ['a', 'b'] } } },
      { new: true },
    )
    .lean();
  expect(updated).toMatchObject({ age: 31, tags: ['a', 'b'] });
  expect(updated!.scores).toHaveLength(1);
  await User.updateOne({ _id: ann._id, 'scores.game': 'chess' }, { $set: { 'scores.$.points': 10 } });
  const pulled = await User.findByIdAndUpdate(ann._id, { $pull: { tags: 'a' } }, { new: true }).lean();
  expect(pulled!.tags).toEqual(['b']);
  expect((await User.findById(ann._id).lean())!.scores[0]!.points).toBe(10);
  expect(await User.countDocuments({ email: /@x$/ })).toBe(3);
  expect((await User.distinct('age')).sort()).toEqual([25, 31, 35]);
  await User.deleteOne({ email: 'bob@x' });
  expect(await User.countDocuments()).toBe(2);
});

it('upserts with $setOnInsert', async () => {
  const doc = await User
    .findOneAndUpdate({ email: 'new@x' }, { $set: { age: 40 }, $setOnInsert: { tags: ['fresh'] } }, { upsert: true, new: true })
    .lean();
  expect(doc).toMatchObject({ email: 'new@x', age: 40, tags: ['fresh'] });
});

it('surfaces duplicate keys from create, update, findOneAndUpdate, compound keys and insertMany', async () => {
  expect((await dupError(User.create({ email: 'ann@x' }))).code).toBe(11000);
  expect((await dupError(User.updateOne({ email: 'new@x' }, { $set: { email: 'ann@x' } }))).keyValue).toEqual({ email: 'ann@x' });
  expect((await dupError(User.findOneAndUpdate({ email: 'new@x' }, { email: 'cid@x' }))).code).toBe(11000);
  expect((await dupError(User.create({ email: 'dup-handle@x', handle: 'cid' }))).keyValue).toEqual({ handle: 'cid' });
  const author = await User.findOne({ email: 'ann@x' });
  await Post.create({ title: 'one', author: author!._id });
  expect((await dupError(Post.create({ title: 'one', author: author!._id }))).code).toBe(11000);
  const err = (await dupError(
    Post.insertMany([{ title: 'one', author: author!._id }, { title: 'two', author: author!._id }, { title: 'three', author: author!._id }], { ordered: false }),
  )) as unknown as { code: number; insertedDocs?: unknown[]; writeErrors?: unknown[] };
  expect(err.code).toBe(11000);
  expect(await Post.countDocuments()).toBe(3);
});

it('populates references and aggregates', async () => {
  const posts = await Post.find().sort({ title: 1 }).populate('author', 'email').lean();
  expect(posts.map((p) => (p.author as unknown as { email: string }).email)).toEqual(['ann@x', 'ann@x', 'ann@x']);
  const rows = await Post.aggregate([
    { $group: { _id: '$author', n: { $sum: 1 } } },
    { $lookup: { from: 'users', localField: '_id', foreignField: '_id', as: 'user' } },
    { $unwind: '$user' },
    { $project: { _id: 0, n: 1, email: '$user.email' } },
  ]);
  expect(rows).toEqual([{ n: 3, email: 'ann@x' }]);
});

it('runs bulkWrite', async () => {
  const res = await Post.bulkWrite([
    { updateOne: { filter: { title: 'one' }, update: { $inc: { likes: 5 } } } },
    { deleteOne: { filter: { title: 'three' } } },
  ]);
  expect(res.modifiedCount).toBe(1);
  expect(res.deletedCount).toBe(1);
  expect((await Post.findOne({ title: 'one' }).lean())!.likes).toBe(5);
});

it('keeps Schema.Types.Double fields as BSON doubles, also when whole', async () => {
  const Price = conn.model(
    'Price',
    new Schema({ sku: String, amount: Schema.Types.Double, count: Schema.Types.Int32, plain: Number }),
  );
  await Price.create({ sku: 'a', amount: 2, count: 2, plain: 2 });
  await Price.updateOne({ sku: 'a' }, { $inc: { amount: 1, count: 1 } });
  const stored = await conn.db!.collection('prices').findOne({ sku: 'a' }, { promoteValues: false });
  expect(stored!.amount).toBeInstanceOf(mongoose.mongo.BSON.Double);
  expect((stored!.amount as InstanceType<typeof mongoose.mongo.BSON.Double>).value).toBe(3);
  expect(stored!.count).toBeInstanceOf(mongoose.mongo.BSON.Int32);
  expect(stored!.plain).toBeInstanceOf(mongoose.mongo.BSON.Int32);
  // Queries still treat the whole-number double as the number it is.
  expect(await Price.countDocuments({ amount: 3 })).toBe(1);
  expect(await Price.countDocuments({ amount: { $type: 'double' } })).toBe(1);
  expect(await Price.countDocuments({ count: { $type: 'double' } })).toBe(0);
  const lean = await Price.findOne({ sku: 'a' }).lean();
  expect(lean!.amount).toBe(3);
});
