import mongoose from 'mongoose';
import sharp from 'sharp';
import { ErrorCode, type ForbiddenWords } from 'shared-kit';
import type { ImageProvider } from '../../ai';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { isImageStyle } from '../config';
import { GENERATE_SIZES, MEDIA_RULES, type GenerateUse } from '../media';
import { uploadImage } from '../media';
import type { EDITOR_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { ImageQuota } from './imageQuota.model';

/** An `image/generate` body as validated. */
type ImageGenerateBody = z.output<typeof EDITOR_REQUESTS.imageGenerateBody>;

export interface ImageGenerateDeps {
  images: ImageProvider;
  forbidden: ForbiddenWords;
  dailyQuota: number;
  now: () => number;
}

export interface QuotaView {
  count: number;
  remain: number;
  total: number;
}

export interface GeneratedPicture {
  id: string;
  url: string;
  width: number;
  height: number;
  quota: QuotaView;
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Spec: the image quota message states the pictures needed and the pictures still drawable today. */
function quotaReached(total: number, remain: number): AppError {
  const needed = 1;
  const pics = (n: number) => `${n} ${n === 1 ? 'picture' : 'pictures'}`;
  return new AppError(
    ErrorCode.RequestOverLimit,
    `Daily AI quota reached for images: this needs ${pics(needed)}, and you can draw ${pics(remain)} more today`,
    { data: { needed, remain, total } },
  );
}

/** Takes one picture of today's quota; refuses when none is left. */
async function takeQuota(uid: string, day: string, total: number): Promise<QuotaView> {
  await ImageQuota.updateOne({ uid, day }, { $setOnInsert: { count: 0 } }, { upsert: true });
  const taken = await ImageQuota.findOneAndUpdate(
    { uid, day, count: mongoose.trusted({ $lt: total }) },
    { $inc: { count: 1 } },
    { new: true },
  ).lean<{ count: number }>();
  if (!taken) {
    const current = await ImageQuota.findOne({ uid, day }).lean<{ count: number }>();
    throw quotaReached(total, Math.max(0, total - (current?.count ?? total)));
  }
  return { count: taken.count, remain: Math.max(0, total - taken.count), total };
}

async function giveBack(uid: string, day: string): Promise<void> {
  await ImageQuota.updateOne({ uid, day, count: mongoose.trusted({ $gt: 0 }) }, { $inc: { count: -1 } });
}

/** The text sent to the provider: what the picture is for, the character's name, then the creator's prompt. */
function fullPrompt(body: ImageGenerateBody): string {
  if (body.use === 'character') return `Portrait of ${body.character_name}. ${body.prompt}`;
  if (body.use === 'cover') return `Story cover. ${body.prompt}`;
  return `Scene background. ${body.prompt}`;
}

/** A provider picture over the use's byte limit (a large PNG) is re-encoded before the media checks see it. */
async function fitBytes(data: Buffer, use: GenerateUse): Promise<Buffer> {
  if (data.length <= MEDIA_RULES[use].maxBytes) return data;
  return sharp(data).jpeg({ quality: 88 }).toBuffer();
}

/**
 * `POST /api/editor/image/generate`: checks the prompt, the name and the style, takes one picture of the user's
 * daily quota, draws through the configured provider and stores the result through the media module, exactly as
 * an upload of the same picture would be checked and stored. A failed drawing gives its quota back.
 */
export async function generatePicture(
  uid: string,
  body: ImageGenerateBody,
  deps: ImageGenerateDeps,
  log: Logger,
): Promise<GeneratedPicture> {
  const code = body.image_generate_style?.code;
  if (code !== undefined && code !== '' && !isImageStyle(code)) {
    throw new AppError(ErrorCode.StyleNotExist, `image_generate_style.code: No image style "${code}"`);
  }
  const word = deps.forbidden.find(body.prompt) ?? deps.forbidden.find(body.character_name);
  if (word !== null) {
    throw new AppError(ErrorCode.IllegalPrompt, `Picture prompt violates rules: "${word}" is not allowed`);
  }
  const day = utcDay(deps.now());
  const quota = await takeQuota(uid, day, deps.dailyQuota);
  const size = GENERATE_SIZES[body.use];
  try {
    const drawn = await deps.images.generate({
      prompt: fullPrompt(body),
      ...(code ? { style: code } : {}),
      width: size.width,
      height: size.height,
      use: body.use,
      signal: AbortSignal.timeout(60_000),
    });
    const stored = await uploadImage(await fitBytes(drawn.data, body.use), body.use, uid, log);
    return { id: stored.id, url: stored.url, width: stored.width, height: stored.height, quota };
  } catch (err) {
    await giveBack(uid, day).catch(() => undefined);
    log.warn({ err, use: body.use, provider: deps.images.name }, 'image generation failed');
    // A drawn character without a face is refused as an uploaded one would be (section 8, "No face detected").
    if (err instanceof AppError && err.code === ErrorCode.FaceNotRecognized) throw err;
    throw new AppError(ErrorCode.ImageGenerateFailed, "Image can't be generated, please try again", {
      cause: err,
    });
  }
}
