import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, Menu } from '../index';

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
