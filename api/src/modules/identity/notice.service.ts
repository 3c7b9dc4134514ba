import { NOTICE_REGIONS } from 'shared-kit/schemas';
import { IdentityRecord } from './identity.model';

type NoticeRegion = (typeof NOTICE_REGIONS)[number];
export const FEEDBACK_LINK = '/editor/restricted-access?feedback=1';

/** The regional notice this account has still to see (Brazil only, Indonesia only), from its sign-in's country. */
export async function regionNotice(uid: string, country: string | null | undefined) {
  const region = (country ?? '').toUpperCase() as NoticeRegion;
  if (!NOTICE_REGIONS.includes(region)) return { region: null, feedback_link: FEEDBACK_LINK };
  const seen = await IdentityRecord.exists({ _id: uid, notices_seen: region });
  return { region: seen ? null : region, feedback_link: FEEDBACK_LINK };
}

/** Marks the notice shown: it is not shown to this account again. */
export async function noticeSeen(uid: string, region: NoticeRegion) {
  await IdentityRecord.updateOne({ _id: uid }, { $addToSet: { notices_seen: region } }, { upsert: true });
  return { region: null, feedback_link: FEEDBACK_LINK };
}
