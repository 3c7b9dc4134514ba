import { z } from 'zod';
import { commonQuerySchema, describeZodError, idString, nonEmptyTrimmed, pageQuerySchema } from './common';

describe('commonQuerySchema', () => {
  it('coerces numeric query strings and accepts missing params', () => {
    expect(
      commonQuerySchema.parse({ version_code: '10000', aid: '7', device_platform: 'web', language: 'en' }),
    ).toEqual({
      version_code: 10000,
      aid: 7,
      device_platform: 'web',
      language: 'en',
    });
    expect(commonQuerySchema.parse({})).toEqual({});
  });
  it('rejects non-numeric codes and non-string values', () => {
    expect(commonQuerySchema.safeParse({ version_code: 'abc' }).success).toBe(false);
    expect(commonQuerySchema.safeParse({ language: { $ne: null } }).success).toBe(false);
    expect(commonQuerySchema.safeParse({ language: ['en', 'fr'] }).success).toBe(false);
  });
});

describe('idString', () => {
  it('accepts digits and hex, up to 64', () => {
    expect(idString.parse('1234567890123')).toBe('1234567890123');
    expect(idString.parse('65a1f0c2e4b0a1b2c3d4e5f6')).toBe('65a1f0c2e4b0a1b2c3d4e5f6');
    expect(idString.safeParse('a'.repeat(64)).success).toBe(true);
    expect(idString.safeParse('a'.repeat(65)).success).toBe(false);
  });
  it('rejects operators, empties and other characters', () => {
    expect(idString.safeParse({ $ne: null }).success).toBe(false);
    expect(idString.safeParse('').success).toBe(false);
    expect(idString.safeParse('12;drop').success).toBe(false);
    expect(idString.safeParse(42).success).toBe(false);
  });
});

describe('nonEmptyTrimmed', () => {
  const name = nonEmptyTrimmed(30);
  it('trims and bounds', () => {
    expect(name.parse('  Mira  ')).toBe('Mira');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('x'.repeat(30)).success).toBe(true);
    expect(name.safeParse('x'.repeat(31)).success).toBe(false);
    expect(name.safeParse({ $ne: null }).success).toBe(false);
  });
  it('names the failing field', () => {
    const r = z.object({ story_name: name }).safeParse({ story_name: '' });
    expect(r.success).toBe(false);
    if (!r.success) expect(describeZodError(r.error)).toBe('story_name: must not be empty');
  });
});

describe('pageQuerySchema', () => {
  it('bounds offset and count', () => {
    expect(pageQuerySchema.parse({ offset: '0', count: '20' })).toEqual({ offset: 0, count: 20 });
    expect(pageQuerySchema.safeParse({ count: '1000' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });
});
