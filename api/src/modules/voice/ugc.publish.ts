import mongoose from 'mongoose';
import { ErrorCode, ValidationErrorType, issueEnglish, type StoryContent, type StoryIssue } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { UgcVoice, type UgcVoiceFields } from './ugc.model';
import { isUgcVoiceId } from './ugc.voice';

type Voiced = Pick<StoryContent, 'characters' | 'voice_over_dubbing'>;

/** Why a custom voice cannot be published with: gone, refused by review, or someone else's private voice. */
function unavailable(v: Pick<UgcVoiceFields, 'uid' | 'status' | 'privacy'> | undefined, uid: string): string | null {
  if (!v || v.status === 'Deleted') return 'deleted';
  if (v.status === 'Reject') return 'rejected';
  if (v.uid !== uid && v.privacy !== 'Public') return 'private';
  return null;
}

/**
 * The character and narrator voice fields of a creation whose custom voice cannot be published with: each one an
 * issue on its field (`characters.N.dubbing_show`, `voice_over_dubbing`) with the reason in `values.reason`.
 */
export async function unavailableVoiceIssues(uid: string, content: Voiced): Promise<StoryIssue[]> {
  const fields: Array<{ path: string; voice_id: string }> = [];
  content.characters.forEach((c, i) => {
    const id = c.dubbing_show?.dubbing ?? '';
    if (isUgcVoiceId(id)) fields.push({ path: `characters.${i}.dubbing_show`, voice_id: id });
  });
  const narrator = content.voice_over_dubbing?.dubbing ?? '';
  if (isUgcVoiceId(narrator)) fields.push({ path: 'voice_over_dubbing', voice_id: narrator });
  if (fields.length === 0) return [];
  const ids = [...new Set(fields.map((f) => f.voice_id))];
  const found = await UgcVoice.find({ voice_id: mongoose.trusted({ $in: ids }) }, { voice_id: 1, uid: 1, status: 1, privacy: 1 }).lean<UgcVoiceFields[]>();
  const byId = new Map(found.map((v) => [v.voice_id, v]));
  const issues: StoryIssue[] = [];
  for (const f of fields) {
    const reason = unavailable(byId.get(f.voice_id), uid);
    if (!reason) continue;
    issues.push({ path: f.path, type: ValidationErrorType.CheckFailed, code: 'voiceUnavailable', message: issueEnglish('voiceUnavailable'), values: { reason } });
  }
  return issues;
}

/** Refuses a publish (or its check) with the spec's dubbing error on publish, every unavailable voice on its field. */
export async function assertVoicesPublishable(uid: string, content: Voiced): Promise<void> {
  const issues = await unavailableVoiceIssues(uid, content);
  const first = issues[0];
  if (!first) return;
  throw new AppError(ErrorCode.DubbingErrorOnPublish, `${first.path}: ${first.message}`, { data: { errors: issues } });
}
