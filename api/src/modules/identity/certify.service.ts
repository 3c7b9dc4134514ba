import { createHmac } from 'node:crypto';
import { ErrorCode, IdentityCertification, TeenMode, type Certification } from 'shared-kit';
import { IDENTITY_REGIONS, type IdentityRegion } from 'shared-kit/areas';
import type { IdentitySettings } from '../../config';
import { AppError } from '../../lib/errors';
import { isDuplicateKey, User } from '../users';
import { attemptsToday, returnAttempt, takeAttempt } from './attempts';
import { IdentityRecord } from './identity.model';
import type { IdentityProvider, VerifyInput } from './provider';

export interface IdentityDeps {
  settings: IdentitySettings;
  provider: IdentityProvider;
  now: () => number;
}

/** "张*", "J***": the first character, the rest hidden. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars[0]! + '*'.repeat(Math.max(1, chars.length - 1));
}

export const numberHmac = (key: string, region: string, number: string): string =>
  createHmac('sha256', key).update(`${region}:${number}`).digest('hex');

const mismatch = () => new AppError(ErrorCode.IdentityCertificationMismatch, undefined, { data: { field: 'id_number' } });

export async function certificationOf(d: IdentityDeps, uid: string): Promise<Certification> {
  const [record, user, used] = await Promise.all([
    IdentityRecord.findById(uid).lean(),
    User.findOne({ uid }, { teen_mode: 1, last_login_country: 1 }).lean(),
    attemptsToday('certify', uid, d.now()),
  ]);
  const certification = (record?.certification ?? IdentityCertification.NotCertified) as IdentityCertification;
  return {
    certification,
    name_masked: record?.name_masked ?? '',
    teen_mode: (user?.teen_mode ?? TeenMode.Unknown) as TeenMode,
    teen_mode_locked: certification === IdentityCertification.NotAdult,
    passcode_set: !!record?.passcode_hash,
    attempts_left: Math.max(0, d.settings.attemptsPerDay - used),
    format_check_only: d.provider.formatCheckOnly,
    region: regionOf(record?.region ?? user?.last_login_country),
  };
}

const regionOf = (country: string | null | undefined): IdentityRegion => {
  const c = (country ?? '').toUpperCase();
  return (IDENTITY_REGIONS as readonly string[]).includes(c) ? (c as IdentityRegion) : 'CN';
};

/**
 * Verifies a legal name and identity number. One of the day's attempts is taken first; the provider answers adult,
 * minor or mismatch. A number already verified on another account answers the same mismatch (neither account is
 * told of the other). On success the record (the keyed hash, the masked name) is written first, then the account's
 * age and youth mode; if that second write fails the record is taken back, so nothing is left half-written.
 */
export async function certifyIdentity(d: IdentityDeps, uid: string, input: VerifyInput) {
  const now = d.now();
  const existing = await IdentityRecord.findById(uid).lean();
  if (existing && existing.certification !== IdentityCertification.NotCertified) {
    throw new AppError(ErrorCode.DuplicateOperation, 'This account is already verified');
  }
  await takeAttempt('certify', uid, d.settings.attemptsPerDay, now);
  let verdict;
  try {
    verdict = await d.provider.verify(input, now);
  } catch (err) {
    await returnAttempt('certify', uid, now);
    throw err;
  }
  if (verdict === 'mismatch') throw mismatch();
  const hmac = numberHmac(d.settings.hashKey, input.region, input.id_number);
  const certification = verdict === 'adult' ? IdentityCertification.AlreadyAdult : IdentityCertification.NotAdult;
  try {
    await IdentityRecord.updateOne(
      { _id: uid, certification: IdentityCertification.NotCertified },
      { $set: { certification, number_hmac: hmac, name_masked: maskName(input.name), region: input.region, certified_at: new Date(now) } },
      { upsert: true },
    );
  } catch (err) {
    if (isDuplicateKey(err)) throw mismatch();
    throw err;
  }
  const adult = verdict === 'adult';
  try {
    // Verification is what unfreezes the age answer; a minor gets youth mode they cannot turn off.
    const set = adult ? { is_adult: true } : { is_adult: false, teen_mode: TeenMode.Enable };
    const user = await User.findOne({ uid });
    if (!user) throw new AppError(ErrorCode.NeedLogin);
    user.set(set);
    await user.save();
  } catch (err) {
    await IdentityRecord.updateOne(
      { _id: uid, number_hmac: hmac },
      { $set: { certification: IdentityCertification.NotCertified, name_masked: '', certified_at: null }, $unset: { number_hmac: 1, region: 1 } },
    );
    throw err;
  }
  return certificationOf(d, uid);
}

/** Age freezing: the first answer holds; only verification changes it. */
export async function ageFreezing(uid: string) {
  const [user, record] = await Promise.all([User.findOne({ uid }, { is_adult: 1 }).lean(), IdentityRecord.findById(uid, { certification: 1 }).lean()]);
  const verified = !!record && record.certification !== IdentityCertification.NotCertified;
  const isAdult = (user?.is_adult ?? null) as boolean | null;
  return { frozen: isAdult !== null, is_adult: isAdult, by: verified ? ('verification' as const) : isAdult === null ? null : ('answer' as const) };
}

/** Records the age answer once; a different answer later is refused (3000002, reason age_frozen). */
export async function setAgeFreezing(uid: string, isAdult: boolean) {
  const res = await User.updateOne({ uid, is_adult: null }, { $set: isAdult ? { is_adult: true } : { is_adult: false, teen_mode: TeenMode.Enable } });
  if (res.modifiedCount === 0) {
    const now = await ageFreezing(uid);
    if (now.is_adult !== isAdult) throw new AppError(ErrorCode.TeenModeIntercept, 'The age answer cannot be changed', { data: { reason: 'age_frozen' } });
  } else if (isAdult) {
    await User.updateOne({ uid, teen_mode: TeenMode.Unknown }, { $set: { teen_mode: TeenMode.Disable } });
  }
  return ageFreezing(uid);
}
