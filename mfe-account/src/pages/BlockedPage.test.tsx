import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode } from 'shared-kit';
import type { BlockListPage } from '../api/types';
import * as blockedService from '../services/blocked.service';
import { installAccountPage, renderAt, resetAll, type FakeShell } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/blocked.service');
const blocked = jest.mocked(blockedService);

function page(list: BlockListPage['list'], hasMore = false): BlockListPage {
  return { list, total: list.length + (hasMore ? 1 : 0), offset: 0, has_more: hasMore, next_offset: list.length };
}
const troll = { uid: '200', nickname: 'Troll', username: 'troll_1', avatar: '', blocked_at: null };
const spam = { uid: '201', nickname: 'Spammer', username: '', avatar: '', blocked_at: null };

let shell: FakeShell;
beforeEach(() => {
  shell = installAccountPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('blocked users', () => {
  it('shows an empty state that explains blocking', async () => {
    blocked.fetchBlockList.mockResolvedValue(page([]));
    renderAt('/account/blocked');
    expect(await screen.findByRole('heading', { level: 2, name: 'You haven’t blocked anyone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unblock/ })).toBeNull();
  });

  it('unblocks after asking, and reaches the empty state when the last one goes', async () => {
    blocked.fetchBlockList.mockResolvedValue(page([troll]));
    blocked.unblockUser.mockResolvedValue({ uid: '200', blocked: false });
    renderAt('/account/blocked');
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Troll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock Troll?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(blocked.unblockUser).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Unblock Troll' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(blocked.unblockUser).toHaveBeenCalledWith('200');
    expect(shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Troll is unblocked' });
    expect(screen.getByRole('heading', { level: 2, name: 'You haven’t blocked anyone' })).toBeTruthy();
  });

  it('keeps the person listed and says why when unblocking fails', async () => {
    blocked.fetchBlockList.mockResolvedValue(page([troll, spam]));
    blocked.unblockUser.mockRejectedValue(new ApiError(ErrorCode.SystemError));
    renderAt('/account/blocked');
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Spammer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unblock' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Server error');
    // Behind the open dialog the list is hidden from assistive technology, but the person is still there.
    expect(screen.getByRole('button', { name: 'Unblock Spammer', hidden: true })).toBeTruthy();
  });

  it('loads more pages on request', async () => {
    blocked.fetchBlockList.mockResolvedValueOnce(page([troll], true)).mockResolvedValueOnce({ ...page([spam]), offset: 1, next_offset: 2 });
    renderAt('/account/blocked');
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('button', { name: 'Unblock Spammer' })).toBeTruthy();
    expect(blocked.fetchBlockList).toHaveBeenLastCalledWith(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
