/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';

function setup(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const opener = document.createElement('button');
  document.body.append(opener);
  opener.focus();
  const view = render(
    <ConfirmDialog title="Delete story?" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <p>It cannot be undone.</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, opener, view };
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('is a labelled, described modal that opens on the safe button', () => {
  setup();
  const dialog = screen.getByRole('dialog', { name: 'Delete story?' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(screen.getByText('It cannot be undone.').parentElement?.id).toBe(
    dialog.getAttribute('aria-describedby'),
  );
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
});

it('can open on Confirm, and uses the app prefix and danger colour for its classes', () => {
  setup({ initialFocus: 'confirm', classPrefix: 'pl-', danger: true, confirmLabel: 'Delete' });
  const confirm = screen.getByRole('button', { name: 'Delete' });
  expect(document.activeElement).toBe(confirm);
  expect(confirm.className).toBe('pl-button pl-button--danger');
  expect(screen.getByRole('dialog').className).toBe('pl-dialog');
});

it('confirms and cancels with its buttons, cancels on Escape, and gives focus back on close', () => {
  const { onConfirm, onCancel, opener, view } = setup();
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  expect(onCancel).toHaveBeenCalledTimes(1);
  view.unmount();
  expect(document.activeElement).toBe(opener);
});

it('keeps Tab inside the dialog', () => {
  setup();
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  const confirm = screen.getByRole('button', { name: 'Confirm' });
  confirm.focus();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
  expect(document.activeElement).toBe(cancel);
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(confirm);
});

it('while busy, disables both buttons and ignores Escape', () => {
  const { onCancel } = setup({ busy: true });
  for (const b of screen
    .getAllByRole('button', { hidden: true })
    .filter((el) => el.closest('[role="dialog"]'))) {
    expect((b as HTMLButtonElement).disabled).toBe(true);
  }
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  expect(onCancel).not.toHaveBeenCalled();
});
