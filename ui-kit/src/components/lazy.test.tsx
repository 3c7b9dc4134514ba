import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, Menu } from '../index';
import { SelectOnDemand } from './lazy';

describe('components loaded on first use', () => {
  it('the confirm dialog appears once its code has loaded, with no Suspense boundary needed in the app', async () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog title="Log out?" confirmLabel="Log out" onConfirm={onConfirm} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('the menu shows its trigger while loading, then opens with the keyboard', async () => {
    const onSelect = jest.fn();
    render(<Menu trigger="Ada" items={[{ key: 'logout', label: 'Log out', onSelect }]} />);
    expect(screen.getByRole('button', { name: 'Ada' })).toBeTruthy();
    const trigger = await screen.findByRole('button', { name: 'Ada', expanded: false });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('a select loaded on demand (the header language)', () => {
  const options = [
    { value: 'en', label: 'English' },
    { value: 'zh-CN', label: '简体中文' },
  ];

  beforeAll(() => {
    // jsdom has no layout: the open select scrolls its selected item into view.
    Element.prototype.scrollIntoView = () => undefined;
  });

  it('shows its value in a stand-in without fetching its code, and opens once a click has fetched it', async () => {
    const onValueChange = jest.fn();
    render(<SelectOnDemand label="Language" hideLabel value="en" onValueChange={onValueChange} options={options} />);
    const standIn = screen.getByRole('combobox', { name: 'Language' });
    expect(standIn.textContent).toContain('English');
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    // Rendering alone does not bring the real select.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('combobox', { name: 'Language' })).toBe(standIn);
    fireEvent.click(standIn);
    fireEvent.keyDown(await screen.findByRole('option', { name: '简体中文' }), { key: 'Enter' });
    expect(onValueChange).toHaveBeenCalledWith('zh-CN');
  });
});
