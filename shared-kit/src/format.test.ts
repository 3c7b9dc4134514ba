import { formatCount, percent, reduceLanguage, relativeTime } from './format';

describe('percent', () => {
  it('is 0 below 0.001', () => {
    expect(percent(0.0009)).toBe(0);
    expect(percent(-5)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });
  it('keeps 3 significant digits from 0.001 up to 1', () => {
    expect(percent(0.001)).toBe(0.001);
    expect(percent(0.0012345)).toBe(0.00123);
    expect(percent(0.123456)).toBe(0.123);
    expect(percent(1)).toBe(1);
  });
  it('keeps 2 decimals above 1', () => {
    expect(percent(1.23456)).toBe(1.23);
    expect(percent(12.3456)).toBe(12.35);
    expect(percent(100)).toBe(100);
  });
});

describe('reduceLanguage', () => {
  it('keeps the base part', () => {
    expect(reduceLanguage('en-US')).toBe('en');
    expect(reduceLanguage('pt_BR')).toBe('pt');
    expect(reduceLanguage('ZH-Hant-TW')).toBe('zh');
    expect(reduceLanguage('fr')).toBe('fr');
  });
  it('maps Malay and Thai to their regional tags', () => {
    expect(reduceLanguage('ms')).toBe('ms-MY');
    expect(reduceLanguage('ms-SG')).toBe('ms-MY');
    expect(reduceLanguage('th')).toBe('th-TH');
    expect(reduceLanguage('th-TH')).toBe('th-TH');
  });
  it('falls back to en for missing or malformed input', () => {
    expect(reduceLanguage('')).toBe('en');
    expect(reduceLanguage(undefined)).toBe('en');
    expect(reduceLanguage('1234')).toBe('en');
    expect(reduceLanguage('<script>')).toBe('en');
  });
});

describe('formatCount', () => {
  it('uses K and M units at the boundaries', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(1050)).toBe('1K');
    expect(formatCount(999_999)).toBe('999.9K');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(1_250_000)).toBe('1.2M');
  });
  it('handles negatives and non-numbers', () => {
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2025, 0, 10, 12, 0, 0);
  it('says just now under a minute and for future times', () => {
    expect(relativeTime(now - 59_999, now)).toBe('just now');
    expect(relativeTime(now + 5_000, now)).toBe('just now');
  });
  it('counts minutes, hours and days', () => {
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(relativeTime(new Date(now - 3_600_000), new Date(now))).toBe('1 hour ago');
    expect(relativeTime(now - 23 * 3_600_000, now)).toBe('23 hours ago');
    expect(relativeTime(now - 24 * 3_600_000, now)).toBe('1 day ago');
    expect(relativeTime(now - 10 * 24 * 3_600_000, now)).toBe('10 days ago');
  });
  it('returns an empty string for invalid dates', () => {
    expect(relativeTime(new Date('nope'), now)).toBe('');
  });
});
