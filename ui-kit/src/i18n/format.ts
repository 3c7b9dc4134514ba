import { formatCount as formatCountEnglish } from 'shared-kit';
import { useTranslation } from 'react-i18next';
import { i18n } from './instance';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function current(language?: string): string {
  return language ?? i18n.language ?? 'en';
}

/**
 * Compact counts (spec §9: units K and M). English keeps shared-kit's rule (1500 -> 1.5K, floored so a count is
 * never overstated); other languages use their own units through Intl (zh-CN: 1.5万), floored the same way.
 */
export function formatCount(n: number, language?: string): string {
  const lng = current(language);
  if (lng === 'en' || !Number.isFinite(n)) return formatCountEnglish(n);
  return new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'floor' } as Intl.NumberFormatOptions).format(
    Math.trunc(n),
  );
}

function toMillis(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime();
}

/** "just now" under a minute (and for future times), else whole minutes, hours or days ago, in the language's words. */
export function formatRelativeTime(from: Date | number, now: Date | number = Date.now(), language?: string): string {
  const a = toMillis(from);
  const b = toMillis(now);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return '';
  const diff = b - a;
  const lng = current(language);
  if (diff < MINUTE) return i18n.t('common:justNow', { lng });
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'always' });
  if (diff < HOUR) return format.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return format.format(-Math.floor(diff / HOUR), 'hour');
  return format.format(-Math.floor(diff / DAY), 'day');
}

/** A date (default: medium date) in the language's format. */
export function formatDate(value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, language?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(current(language), options).format(date);
}

/** The helpers bound to the UI language; components re-render when it changes. */
export function useFormat() {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return {
    language,
    count: (n: number) => formatCount(n, language),
    relativeTime: (from: Date | number, now?: Date | number) => formatRelativeTime(from, now, language),
    date: (value: Date | number | string, options?: Intl.DateTimeFormatOptions) => formatDate(value, options, language),
  };
}
