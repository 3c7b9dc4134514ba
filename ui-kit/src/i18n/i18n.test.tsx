import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ApiError, ErrorCode, StorageKey, commonQuery, storage } from 'shared-kit';
import {
  ErrorFallback,
  catalogueLanguage,
  changeLanguage,
  formatCount,
  formatRelativeTime,
  i18n,
  initialLanguage,
  messageForCode,
  messageForError,
  registerNamespace,
  uiMessage,
  useTranslation,
} from '../index';

afterEach(async () => {
  await act(async () => {
    await changeLanguage('en');
  });
  localStorage.clear();
});

describe('language choice', () => {
  it('reduces browser tags by the spec rule before matching a catalogue', () => {
    expect(catalogueLanguage('zh-TW')).toBe('zh-CN');
    expect(catalogueLanguage('zh_CN')).toBe('zh-CN');
    expect(catalogueLanguage('en-GB')).toBe('en');
    expect(catalogueLanguage('ms-SG')).toBe('en');
    expect(catalogueLanguage('')).toBe('en');
  });

  it('prefers the stored choice, then the first shipped browser language', () => {
    const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'zh-HK', 'en']);
    expect(initialLanguage()).toBe('zh-CN');
    localStorage.setItem(StorageKey.Language, 'en');
    expect(initialLanguage()).toBe('en');
    localStorage.setItem(StorageKey.Language, 'xx');
    expect(initialLanguage()).toBe('zh-CN');
    languages.mockRestore();
  });

  it('stores the switch under the common prefix, marks the document and sends it with every request', async () => {
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(storage.get(StorageKey.Language)).toBe('zh-CN');
    expect(StorageKey.Language.startsWith('sv:')).toBe(true);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(commonQuery().language).toBe('zh');
    expect(commonQuery({ language: 'th-TH' }).language).toBe('th-TH');
  });

  it('re-renders kit components in the new language', async () => {
    render(<ErrorFallback onRetry={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByText('Page temporarily unavailable')).toBeTruthy();
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
    expect(screen.getByText('页面暂时无法访问')).toBeTruthy();
  });
});

describe('messageForCode', () => {
  it('gives the client message of a catalogue code in the UI language', async () => {
    expect(messageForCode(ErrorCode.UsernameDuplicate, 'username taken (server)')).toBe('Username taken');
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(messageForCode(ErrorCode.UsernameDuplicate, 'username taken (server)')).toBe('用户名已被占用');
    expect(uiMessage('networkError')).toBe('网络错误，请稍后再试');
    expect(uiMessage('regionUnavailable', { email: 'help@example.com' })).toContain('help@example.com');
  });

  it('falls back to the server message for an unknown code, then to a generic one', () => {
    expect(messageForCode(4242, 'Something specific')).toBe('Something specific');
    expect(messageForCode(4242, '  ')).toBe('Request failed');
    expect(messageForCode(4242)).toBe('Request failed');
  });
});

describe('messageForError', () => {
  it("gives an api error the client's message for its code, else the server's; no answer is a network error", async () => {
    expect(messageForError(new ApiError(ErrorCode.UsernameDuplicate, 'username taken (server)'))).toBe('Username taken');
    expect(messageForError(new ApiError(4242, 'Something specific'))).toBe('Something specific');
    expect(messageForError(new TypeError('Failed to fetch'))).toBe('Network error, try again later');
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(messageForError(new ApiError(ErrorCode.UsernameDuplicate, 'username taken (server)'))).toBe('用户名已被占用');
    expect(messageForError(undefined)).toBe('网络错误，请稍后再试');
  });
});

describe('registerNamespace', () => {
  function Greeting() {
    const { t } = useTranslation('demo');
    return <p>{t('hello')}</p>;
  }

  it('loads a remote namespace per language: the one in use as it registers, another on demand', async () => {
    const en = jest.fn(async () => ({ default: { hello: 'Hello' } }));
    const zh = jest.fn(async () => ({ default: { hello: '你好' } }));
    registerNamespace('demo', { en, 'zh-CN': zh });
    // Fetched as the remote's code runs, before its first screen renders.
    expect(en).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(en).toHaveBeenCalledTimes(1);
    expect(zh).not.toHaveBeenCalled();
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(await screen.findByText('你好')).toBeTruthy();
    expect(zh).toHaveBeenCalledTimes(1);
    expect(i18n.hasResourceBundle('zh-CN', 'demo')).toBe(true);
  });
});

describe('Intl helpers', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);

  it('counts with K/M in English and with the language units elsewhere, never overstating', () => {
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(1500, 'en')).toBe('1.5K');
    expect(formatCount(999_999, 'en')).toBe('999.9K');
    expect(formatCount(2_000_000, 'en')).toBe('2M');
    expect(formatCount(15_000, 'zh-CN')).toBe('1.5万');
    expect(formatCount(19_999, 'zh-CN')).toBe('1.9万');
  });

  it('relative times in minutes, hours or days ago', () => {
    expect(formatRelativeTime(now - 30_000, now, 'en')).toBe('just now');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(now - 2 * 86_400_000, now, 'zh-CN')).toBe('2天前');
  });
});
