import mongoose from 'mongoose';

const pieceSchema = new mongoose.Schema(
  {
    story_id: String,
    story_name: String,
    logo: String,
    is_bot: Boolean,
    views: Number,
    likes: Number,
    msgs: Number,
  },
  { _id: false },
);

/** One creator's report of one week (unique per creator and week: a rerun rewrites the same document). */
const weeklyReportSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    /** The week's Monday (UTC), `YYYY-MM-DD`. */
    week: { type: String, required: true },
    enddate: { type: String, required: true },
    botCount: { type: Number, default: 0 },
    storyCount: { type: Number, default: 0 },
    fanCount: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    viewCount: { type: Number, default: 0 },
    msgCount: { type: Number, default: 0 },
    playerCount: { type: Number, default: 0 },
    popularPiece: { type: pieceSchema, default: null },
    /** The inbox notice was sent (once per report, whatever the reruns). */
    notified: { type: Boolean, default: false },
    /** The batch that claimed the notice. */
    notice_token: { type: String, default: undefined },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'weekly_reports', minimize: false },
);
weeklyReportSchema.index({ uid: 1, week: -1 }, { unique: true });
weeklyReportSchema.index({ notice_token: 1 }, { sparse: true });
export const WeeklyReportModel = mongoose.model('WeeklyReport', weeklyReportSchema);

export interface PieceFields {
  story_id: string;
  story_name: string;
  logo: string;
  is_bot: boolean;
  views: number;
  likes: number;
  msgs: number;
}

export interface ReportFigures {
  botCount: number;
  storyCount: number;
  fanCount: number;
  likeCount: number;
  viewCount: number;
  msgCount: number;
  playerCount: number;
  popularPiece: PieceFields | null;
}

export interface ReportRecord extends ReportFigures {
  uid: string;
  week: string;
  enddate: string;
  notified: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A run of the job for one week: where it got to (creators by uid), so a stopped run resumes after the last batch. */
const weeklyRunSchema = new mongoose.Schema(
  {
    week: { type: String, required: true, unique: true },
    status: { type: String, enum: ['running', 'done'], required: true },
    after_uid: { type: String, default: '' },
    creators: { type: Number, default: 0 },
    reports: { type: Number, default: 0 },
    started_at: { type: Date, required: true },
    finished_at: { type: Date, default: null },
  },
  { collection: 'weekly_runs' },
);
export const WeeklyRun = mongoose.model('WeeklyRun', weeklyRunSchema);
