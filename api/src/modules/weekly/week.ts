/**
 * Weeks of the weekly report, in UTC: a week starts on Monday 00:00:00.000 UTC and ends before the next Monday's
 * (the report's `enddate` names its Sunday). A week is named by its Monday, `YYYY-MM-DD`.
 */
const DAY = 86_400_000;

export interface Week {
  /** The Monday, `YYYY-MM-DD`: the report's `week` and `startdate`. */
  week: string;
  /** The Sunday, `YYYY-MM-DD`. */
  enddate: string;
  start: Date;
  /** Exclusive: the next Monday 00:00 UTC. */
  end: Date;
  /** Its seven days, `YYYY-MM-DD`. */
  days: string[];
}

export function dayOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function weekOf(monday: string): Week {
  const start = new Date(`${monday}T00:00:00.000Z`);
  const end = new Date(start.getTime() + 7 * DAY);
  return {
    week: monday,
    enddate: dayOf(end.getTime() - DAY),
    start,
    end,
    days: Array.from({ length: 7 }, (_, i) => dayOf(start.getTime() + i * DAY)),
  };
}

/** The Monday of the week `at` falls in. */
export function mondayOf(at: number): string {
  const d = new Date(at);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - sinceMonday * DAY);
}

/** The week before the one `at` falls in: what Monday's job reports on. */
export function weekBefore(at: number): string {
  return mondayOf(new Date(`${mondayOf(at)}T00:00:00.000Z`).getTime() - DAY);
}

/** The week before `monday`. */
export function previousWeek(monday: string): string {
  return dayOf(new Date(`${monday}T00:00:00.000Z`).getTime() - 7 * DAY);
}
