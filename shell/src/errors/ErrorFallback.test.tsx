import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { StorageKey, storage } from 'shared-kit';
import { AppErrorBoundary, RouteErrorFallback } from './AppErrorBoundary';
import { describeError } from './ErrorFallback';

const PAGE_UNAVAILABLE = 'This page is temporarily unavailable';

function Boom(): never {
  throw new Error('kaboom');
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('error fallback', () => {
  it('replaces a crashed app with the unavailable page and a Refresh button', () => {
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: PAGE_UNAVAILABLE })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy error' })).toBeNull();
    expect(screen.queryByText(/kaboom/)).toBeNull();
  });

  it('catches route render errors through the router', () => {
    const router = createMemoryRouter([
      { path: '/', element: <Boom />, errorElement: <RouteErrorFallback /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: PAGE_UNAVAILABLE })).toBeTruthy();
  });

  it('in debug mode copies the message and stack, with a tooltip', async () => {
    storage.set(StorageKey.DebugFlag, '1');
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    const copy = screen.getByRole('button', { name: 'Copy error' });
    const tooltip = screen.getByRole('tooltip');
    expect(copy.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.textContent).toBe('Copy the error message and stack');
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('kaboom'));
    expect(writeText.mock.calls[0]?.[0]).toContain('ErrorFallback.test.tsx');
    expect(tooltip.textContent).toBe('Copied');
  });

  it('says so when copying fails', async () => {
    storage.set(StorageKey.DebugFlag, '1');
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy error' }));
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Copy failed');
  });
});

describe('describeError', () => {
  it('describes errors, route responses and other values', () => {
    const error = new Error('bad');
    expect(describeError(error)).toContain('bad');
    expect(describeError({ status: 404, statusText: 'Not Found', data: 'no route' })).toBe(
      '404 Not Found\nno route',
    );
    expect(describeError('plain')).toBe('plain');
  });
});
