import { PLATFORM_WIDTHS } from './constants';
import { Platform } from './enums';

const IPAD = /iPad/i;
const ANDROID = /Android/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;

/**
 * A phone browser. Android tablets omit "Mobile" from their user agent; iPads include "Mobile/" in theirs but are
 * tablets, so they are excluded explicitly.
 */
export function isMobileUserAgent(ua: string): boolean {
  if (typeof ua !== 'string' || IPAD.test(ua)) return false;
  return MOBILE.test(ua);
}

/** An iPad, or an Android device whose user agent lacks "Mobile". */
export function isTabletUserAgent(ua: string, maxTouchPoints = 0): boolean {
  if (typeof ua !== 'string') return false;
  if (IPAD.test(ua)) return true;
  // iPadOS 13+ asks for desktop pages and reports a Mac; only touch support tells them apart.
  if (/Macintosh/i.test(ua) && maxTouchPoints > 1) return true;
  return ANDROID.test(ua) && !/Mobile/i.test(ua);
}

export interface PlatformInput {
  userAgent: string;
  width: number;
  maxTouchPoints?: number;
}

/** Spec section 2: mobile = phone UA and width <= 800; tablet = tablet UA and width <= 1366; otherwise pc. */
export function classifyPlatform({ userAgent, width, maxTouchPoints = 0 }: PlatformInput): Platform {
  const w = Number.isFinite(width) ? width : Number.POSITIVE_INFINITY;
  if (isMobileUserAgent(userAgent) && w <= PLATFORM_WIDTHS.mobileMax) return Platform.Mobile;
  if (isTabletUserAgent(userAgent, maxTouchPoints) && w <= PLATFORM_WIDTHS.tabletMax) return Platform.Tablet;
  return Platform.PC;
}
