import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ErrorCode, IdentityCertification, TeenMode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { User } from '../users';
import { takeAttempt } from './attempts';
import { certificationOf, type IdentityDeps } from './certify.service';
import { IdentityRecord } from './identity.model';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;
const hashOf = async (code: string, salt: string) => (await scryptAsync(code, salt, 32)).toString('hex');

/**
 * The parental passcode: four digits set while youth mode is on, needed to turn it off. Not for a verified minor,
 * whose youth mode stays on (3000002).
 */
export async function setPasscode(d: IdentityDeps, uid: string, code: string) {
  const [user, record] = await Promise.all([User.findOne({ uid }, { teen_mode: 1 }).lean(), IdentityRecord.findById(uid).lean()]);
  if (record?.certification === IdentityCertification.NotAdult) throw new AppError(ErrorCode.TeenModeIntercept, undefined, { data: { reason: 'verified_minor' } });
  if (user?.teen_mode !== TeenMode.Enable) throw new AppError(ErrorCode.IllegalOperation, 'Turn youth mode on first', { data: { field: 'passcode' } });
  if (record?.passcode_hash) throw new AppError(ErrorCode.DuplicateOperation, 'A passcode is already set', { data: { field: 'passcode' } });
  const salt = randomBytes(16).toString('hex');
  const hash = await hashOf(code, salt);
  const res = await IdentityRecord.updateOne({ _id: uid, passcode_hash: null }, { $set: { passcode_hash: hash, passcode_salt: salt } }, { upsert: true }).catch(
    (err: unknown) => {
      if ((err as { code?: number }).code === 11000) return { matchedCount: 0, upsertedCount: 0 };
      throw err;
    },
  );
  if (res.matchedCount === 0 && res.upsertedCount === 0) throw new AppError(ErrorCode.DuplicateOperation, 'A passcode is already set', { data: { field: 'passcode' } });
  return certificationOf(d, uid);
}

/** Checks the passcode; each try takes one of the day's attempts (then 1021002). Returns the record checked. */
async function checkPasscode(d: IdentityDeps, uid: string, code: string) {
  const record = await IdentityRecord.findById(uid).lean();
  if (record?.certification === IdentityCertification.NotAdult) throw new AppError(ErrorCode.TeenModeIntercept, undefined, { data: { reason: 'verified_minor' } });
  if (!record?.passcode_hash || !record.passcode_salt) throw new AppError(ErrorCode.IllegalOperation, 'No passcode is set', { data: { field: 'passcode' } });
  const left = await takeAttempt('passcode', uid, d.settings.passcodeAttemptsPerDay, d.now());
  const given = Buffer.from(await hashOf(code, record.passcode_salt), 'hex');
  if (!timingSafeEqual(given, Buffer.from(record.passcode_hash, 'hex'))) {
    throw new AppError(ErrorCode.InvalidParam, 'passcode: incorrect', { data: { field: 'passcode', attempts_left: left } });
  }
  return record;
}

/**
 * Changes the passcode: the current one first (an attempt, as for turning youth mode off), then the new one, written
 * only if the passcode has not changed meanwhile.
 */
export async function changePasscode(d: IdentityDeps, uid: string, code: string, next: string) {
  const record = await checkPasscode(d, uid, code);
  const salt = randomBytes(16).toString('hex');
  const hash = await hashOf(next, salt);
  const res = await IdentityRecord.updateOne({ _id: uid, passcode_hash: record.passcode_hash }, { $set: { passcode_hash: hash, passcode_salt: salt } });
  if (res.matchedCount === 0) throw new AppError(ErrorCode.ConcurrentOperation, 'The passcode changed meanwhile', { data: { field: 'passcode' } });
  return certificationOf(d, uid);
}

/**
 * What turning youth mode off needs on any route (`teen_mode/passcode/disable`, or `teen_mode` with `enable: false`):
 * never for a verified minor (3000002); with a passcode set, the passcode (missing: 1003 with `data.field =
 * "passcode"`; checked as for `disable`, each try one of the day's attempts).
 */
export async function checkTeenModeOff(d: IdentityDeps, uid: string, code: string | undefined): Promise<void> {
  const record = await IdentityRecord.findById(uid, { certification: 1, passcode_hash: 1 }).lean();
  if (record?.certification === IdentityCertification.NotAdult) throw new AppError(ErrorCode.TeenModeIntercept, undefined, { data: { reason: 'verified_minor' } });
  if (!record?.passcode_hash) return;
  if (code === undefined) throw new AppError(ErrorCode.InvalidParam, 'passcode: required to turn youth mode off', { data: { field: 'passcode', reason: 'passcode_required' } });
  await checkPasscode(d, uid, code);
}

/** Turns youth mode off with the passcode; each try takes one of the day's attempts (then 1021002). */
export async function disableWithPasscode(d: IdentityDeps, uid: string, code: string) {
  await checkPasscode(d, uid, code);
  const user = await User.findOne({ uid });
  if (!user) throw new AppError(ErrorCode.NeedLogin);
  user.teen_mode = TeenMode.Disable;
  await user.save();
  return certificationOf(d, uid);
}
