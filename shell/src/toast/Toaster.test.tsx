import { act, render, screen } from '@testing-library/react';
import { resetStores, toastStore } from 'shared-kit';
import { Toaster } from './Toaster';

beforeEach(() => {
  jest.useFakeTimers({ now: 10_000 });
  resetStores();
});

afterEach(() => {
  resetStores();
  jest.useRealTimers();
});

function show(message: string, type: 'error' | 'warning' | 'info' | 'success' = 'error') {
  act(() => {
    toastStore.getState().show({ type, message });
  });
}

describe('Toaster', () => {
  it('renders one toast at a time in a polite live region', () => {
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    show('Save failed');
    expect(region.textContent).toBe('Save failed');
    expect(region.querySelector('[data-toast-type="error"]')).not.toBeNull();
  });

  it('drops toasts that come within 4 s of the last one', () => {
    render(<Toaster />);
    show('first');
    show('second');
    expect(screen.getByRole('status').textContent).toBe('first');
    act(() => jest.advanceTimersByTime(3000));
    show('third');
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => jest.advanceTimersByTime(1000));
    show('fourth', 'warning');
    expect(screen.getByRole('status').textContent).toBe('fourth');
  });

  it('hides each toast after 1.5 s', () => {
    render(<Toaster />);
    show('Saved successfully', 'success');
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Saved successfully');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
