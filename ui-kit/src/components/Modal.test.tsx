import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../i18n/instance';
import { ConfirmDialog, Modal } from './Modal';

function confirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Open';
  document.body.append(opener);
  opener.focus();
  const view = render(
    <ConfirmDialog title="Leave the editor?" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      Unsaved changes will be lost.
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, opener, view };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ConfirmDialog', () => {
  it('is a labelled, described modal with the spec confirm / not-now pair, focus on the safe one', () => {
    const { onConfirm, onCancel } = confirm();
    const dialog = screen.getByRole('dialog', { name: 'Leave the editor?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Unsaved changes will be lost.');
    const notNow = screen.getByRole('button', { name: 'Not now' });
    expect(document.activeElement).toBe(notNow);
    fireEvent.click(notNow);
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape means not now, unless the confirmed action is running', () => {
    const { onCancel, view } = confirm();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.rerender(
      <ConfirmDialog title="Leave the editor?" busy onConfirm={() => undefined} onCancel={onCancel}>
        Unsaved changes will be lost.
      </ConfirmDialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBe('true');
  });

  it('can open on Confirm, with custom labels, and focus returns to the opener on close', async () => {
    const { opener, view } = confirm({ initialFocus: 'confirm', confirmLabel: 'Log out', cancelLabel: 'Stay' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('button', { name: 'Stay' })).toBeTruthy();
    view.rerender(<ConfirmDialog open={false} title="Leave the editor?" onConfirm={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('Modal focus trap', () => {
  it('Tab from the last control goes to the first and Shift+Tab from the first to the last', () => {
    render(
      <Modal title="Edit profile" onClose={() => undefined} actions={<button type="button">Save</button>}>
        <input aria-label="Nickname" />
      </Modal>,
    );
    const nickname = screen.getByRole('textbox', { name: 'Nickname' });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(nickname);
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(nickname);
    fireEvent.keyDown(nickname, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
  });

  it('the close button and Escape call onClose', () => {
    const onClose = jest.fn();
    render(<Modal title="Edit profile" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
