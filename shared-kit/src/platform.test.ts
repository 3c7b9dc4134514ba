import { Platform } from './enums';
import { classifyPlatform, isMobileUserAgent, isTabletUserAgent } from './platform';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('isMobileUserAgent', () => {
  it('recognises phones but not tablets or desktops', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID_PHONE)).toBe(true);
    expect(isMobileUserAgent(IPAD)).toBe(false);
    expect(isMobileUserAgent(ANDROID_TABLET)).toBe(false);
    expect(isMobileUserAgent(WINDOWS)).toBe(false);
  });
  it('detects iPadOS desktop mode only with touch points', () => {
    expect(isTabletUserAgent(MAC, 5)).toBe(true);
    expect(isTabletUserAgent(MAC, 0)).toBe(false);
  });
});

describe('classifyPlatform', () => {
  it('is mobile up to 800 px on a phone, pc at 801', () => {
    expect(classifyPlatform({ userAgent: IPHONE, width: 800 })).toBe(Platform.Mobile);
    expect(classifyPlatform({ userAgent: IPHONE, width: 801 })).toBe(Platform.PC);
    expect(classifyPlatform({ userAgent: ANDROID_PHONE, width: 390 })).toBe(Platform.Mobile);
  });
  it('is tablet up to 1366 px on an iPad or Android tablet, pc at 1367', () => {
    expect(classifyPlatform({ userAgent: IPAD, width: 1366 })).toBe(Platform.Tablet);
    expect(classifyPlatform({ userAgent: IPAD, width: 1367 })).toBe(Platform.PC);
    expect(classifyPlatform({ userAgent: ANDROID_TABLET, width: 801 })).toBe(Platform.Tablet);
    expect(classifyPlatform({ userAgent: ANDROID_TABLET, width: 1367 })).toBe(Platform.PC);
    expect(classifyPlatform({ userAgent: IPAD, width: 700 })).toBe(Platform.Tablet);
  });
  it('is pc on a desktop whatever the width, and for a bad width', () => {
    expect(classifyPlatform({ userAgent: WINDOWS, width: 500 })).toBe(Platform.PC);
    expect(classifyPlatform({ userAgent: IPHONE, width: Number.NaN })).toBe(Platform.PC);
  });
});
