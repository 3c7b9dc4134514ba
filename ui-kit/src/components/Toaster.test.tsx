import { act, render, screen } from '@testing-library/react';
import { TOAST, resetToastStore, toastStore } from 'shared-kit';
import { Toaster } from '../index';

beforeEach(() => {
  jest.useFakeTimers();
  resetToastStore();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast per 4 s, the next one when the window ends, and hides each after 1.5 s', () => {
    render(<Toaster />);
    const region = screen.getByRole('status', { name: 'Notifications' });
    act(() => {
      toastStore.getState().show({ type: 'error', message: 'Network error, try again later' });
      toastStore.getState().show({ type: 'error', message: 'Network error, try again later' });
    });
    expect(region.textContent).toBe('Network error, try again later');

    act(() => jest.advanceTimersByTime(TOAST.durationMs));
    expect(region.textContent).toBe('');

    act(() => {
      jest.advanceTimersByTime(TOAST.throttleMs - TOAST.durationMs - 1);
      toastStore.getState().show({ type: 'success', message: 'Saved successfully' });
    });
    expect(region.textContent).toBe('');

    act(() => jest.advanceTimersByTime(1));
    expect(region.textContent).toBe('Saved successfully');
    expect(region.querySelector('[data-toast-type="success"]')).not.toBeNull();
    act(() => jest.advanceTimersByTime(TOAST.throttleMs));
    // The repeated error of the burst was not shown again.
    expect(region.textContent).toBe('');
  });
});
