import type { WeeklyReport } from 'shared-kit';
import type { UiLanguage } from '../../lib/language';
import { registerNewspaperPresenter } from '../share';
import { usersByUid } from '../users';
import { WeeklyReportModel, type ReportRecord } from './weekly.model';
import { previousWeek } from './week';

function present(r: ReportRecord): WeeklyReport {
  return {
    week: r.week,
    startdate: r.week,
    enddate: r.enddate,
    botCount: r.botCount,
    storyCount: r.storyCount,
    fanCount: r.fanCount,
    likeCount: r.likeCount,
    viewCount: r.viewCount,
    msgCount: r.msgCount,
    playerCount: r.playerCount,
    popularPiece: r.popularPiece
      ? {
          story_id: r.popularPiece.story_id,
          story_name: r.popularPiece.story_name,
          logo: r.popularPiece.logo,
          is_bot: r.popularPiece.is_bot,
          views: r.popularPiece.views,
          likes: r.popularPiece.likes,
          msgs: r.popularPiece.msgs,
        }
      : null,
    created_at: r.created_at.toISOString(),
  };
}

/** The creator's report of `week` (absent: their newest) and of the week before it (null when there was none). */
export async function reportOf(uid: string, week: string | undefined) {
  const report = week
    ? await WeeklyReportModel.findOne({ uid, week }).lean<ReportRecord>()
    : await WeeklyReportModel.findOne({ uid }).sort({ week: -1 }).lean<ReportRecord>();
  if (!report) return { report: null, previous: null };
  const previous = await WeeklyReportModel.findOne({ uid, week: previousWeek(report.week) }).lean<ReportRecord>();
  return { report: present(report), previous: previous ? present(previous) : null };
}

/** The creator's reports, newest week first. */
export async function reportList(uid: string, offset: number, count: number) {
  const rows = await WeeklyReportModel.find({ uid }).sort({ week: -1 }).skip(offset).limit(count + 1).lean<ReportRecord[]>();
  const page = rows.slice(0, count);
  return { list: page.map(present), has_more: rows.length > count, next_offset: offset + page.length };
}

export async function hasReport(uid: string, week: string): Promise<boolean> {
  return (await WeeklyReportModel.exists({ uid, week })) !== null;
}

const CARD: Record<UiLanguage, { title: (name: string, start: string, end: string) => string; figures: (r: WeeklyReport) => string; popular: (name: string) => string }> = {
  en: {
    title: (name, start, end) => `${name}'s week on Storyverse (${start} to ${end})`,
    figures: (r) => `${r.viewCount} views, ${r.msgCount} messages from ${r.playerCount} players, ${r.likeCount} likes, ${r.fanCount} new followers.`,
    popular: (name) => ` Most popular: ${name}.`,
  },
  zh: {
    title: (name, start, end) => `${name} 在 Storyverse 的一周（${start} 至 ${end}）`,
    figures: (r) => `${r.viewCount} 次浏览，${r.playerCount} 位玩家发送 ${r.msgCount} 条消息，${r.likeCount} 个赞，${r.fanCount} 位新粉丝。`,
    popular: (name) => `最受欢迎：${name}。`,
  },
};

/** The Open Graph card of a shared report: the creator's name, the week, its figures and popular piece. */
registerNewspaperPresenter(async (uid, week, language) => {
  const r = await WeeklyReportModel.findOne({ uid, week }).lean<ReportRecord>();
  if (!r) return null;
  const shown = present(r);
  const name = (await usersByUid([uid], ['nickname'])).get(uid)?.nickname ?? '';
  const words = CARD[language];
  return {
    title: words.title(name, shown.startdate, shown.enddate),
    description: words.figures(shown) + (shown.popularPiece ? words.popular(shown.popularPiece.story_name) : ''),
    cover: shown.popularPiece?.logo ?? '',
    open_path: `/play/user/${uid}`,
  };
});
