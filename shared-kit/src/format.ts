/** Display helpers of spec section 9 ("Other rules"). */

/**
 * Rounds a percentage value for display. Our reading of the spec's rule ("0 below 0.001, keeps 2 decimals above 1,
 * otherwise 3 significant digits"): the input is already a percentage number, not a 0-1 ratio;
 * - below 0.001 (including negatives and NaN) it shows as 0,
 * - strictly above 1 it is rounded to 2 decimals (1.23456 -> 1.23, 12.3456 -> 12.35),
 * - from 0.001 up to and including 1 it keeps 3 significant digits (0.0012345 -> 0.00123, 1 -> 1).
 * The result is a number; trailing zeros are a formatting concern of the caller.
 */
export function percent(value: number): number {
  if (!Number.isFinite(value) || value < 0.001) return 0;
  if (value > 1) return Math.round(value * 100) / 100;
  return Number(value.toPrecision(3));
}

/** Languages whose reduced form keeps a region, because the product ships region-specific texts for them. */
const REGIONAL_LANGUAGES: Readonly<Record<string, string>> = { ms: 'ms-MY', th: 'th-TH' };

/**
 * Reduces a browser language tag to what the API expects: the base language ('en-US' -> 'en', 'pt_BR' -> 'pt'),
 * except Malay -> 'ms-MY' and Thai -> 'th-TH'. Empty or malformed input gives 'en'.
 */
export function reduceLanguage(code: string | null | undefined): string {
  if (typeof code !== 'string') return 'en';
  const base = code.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  if (!/^[a-z]{2,3}$/.test(base)) return 'en';
  return REGIONAL_LANGUAGES[base] ?? base;
}

function oneDecimalFloor(n: number): string {
  // Floor rather than round so a count is never overstated (999999 must not read as "1000K").
  const floored = Math.floor(n * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/** Compact counts: 999 -> '999', 1000 -> '1K', 1500 -> '1.5K', 999999 -> '999.9K', 1000000 -> '1M'. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n < 0) return `-${formatCount(-n)}`;
  const whole = Math.floor(n);
  if (whole < 1000) return String(whole);
  if (whole < 1_000_000) return `${oneDecimalFloor(whole / 1000)}K`;
  return `${oneDecimalFloor(whole / 1_000_000)}M`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * 'just now' under a minute (and for times in the future, e.g. clock skew), otherwise whole minutes, hours or days
 * ago. Accepts Dates or millisecond timestamps.
 */
export function relativeTime(from: Date | number, now: Date | number = Date.now()): string {
  const a = typeof from === 'number' ? from : from.getTime();
  const b = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(a) || !Number.isFinite(b)) return '';
  const diff = b - a;
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  return plural(Math.floor(diff / DAY), 'day');
}
