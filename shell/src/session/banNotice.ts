/**
 * Why the session just ended, when a login ban (1015) ended it: the login page shows it (with the ban's end date)
 * until someone signs in, since a toast is gone before the page has settled.
 */
let notice: string | null = null;

export function setBanNotice(message: string): void {
  notice = message;
}

export function banNotice(): string | null {
  return notice;
}

export function clearBanNotice(): void {
  notice = null;
}
