import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsUserRow, Sanction } from 'shared-kit';
import { renderConsoleAt, useConsoleTests } from '../test/console';
import * as sanctions from './services/sanction.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
jest.mock('./services/sanction.service');
const api = jest.mocked(sanctions);

useConsoleTests(['moderator']);

const sam: OpsUserRow = {
  uid: 'u1',
  nickname: 'Sam',
  username: 'sam',
  phone: '+1******0612',
  avatar: '',
  roles: ['user'],
  ban_status: 'Banned',
  login_until: null,
  creation_until: '2030-01-08T00:00:00.000Z',
  created_at: null,
};
const ban: Sanction = {
  sanction_id: 's1',
  uid: 'u1',
  kind: 'CreationBan',
  days: 7,
  reason: 'Spam stories',
  operator_uid: 'op',
  created_at: '2030-01-01T00:00:00.000Z',
  ends_at: '2030-01-08T00:00:00.000Z',
  status: 'Appealing',
  active: true,
  lifted_at: null,
  lifted_by: '',
  lift_reason: '',
  appeal: { status: 'Pending', text: 'They were drafts', at: '2030-01-02T00:00:00.000Z', decided_at: null, decided_by: '', reason: '' },
  can_appeal: false,
};

describe('mfe-ops users and appeals', () => {
  it('shows Users and Appeals to moderators, and finds an account', async () => {
    api.searchUsers.mockResolvedValue({ list: [sam] });
    renderConsoleAt('/ops/users');
    await screen.findByRole('link', { name: 'Appeals' });
    fireEvent.change(screen.getByLabelText('Find an account'), { target: { value: 'sam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await findReadyTable('Accounts found');
    expect(api.searchUsers).toHaveBeenCalledWith('sam');
    expect(within(table).getByRole('link', { name: 'Sam' }).getAttribute('href')).toBe('/ops/users/u1');
    expect(table.textContent).toContain('Banned');
  });

  it("gives a sanction with a reason and lifts one from the account's page", async () => {
    api.fetchUser.mockResolvedValue({
      user: sam,
      sanctions: [ban],
      stories: [{ story_id: '9', story_name: 'Tide', status: 20, updated_at: null }],
      reports: [
        {
          case_id: 'c1', target_type: 'story', target_id: '9', target_name: 'Tide', owner_uid: 'u1', story_id: '9', count: 2,
          reasons: [{ reason: 'Spam', count: 2 }], status: 'Open', first_at: '2026-11-20T00:00:00.000Z', last_at: '2026-11-21T00:00:00.000Z', resolution: null,
        },
      ],
    });
    api.giveSanction.mockResolvedValue(ban);
    api.liftSanction.mockResolvedValue({ ...ban, active: false });
    renderConsoleAt('/ops/users/u1');
    await screen.findByRole('heading', { name: 'Account: Sam' });
    expect(screen.getByRole('table', { name: 'Sanction history' }).textContent).toContain('Spam stories');
    expect(screen.getByText('Tide (Passed)')).toBeTruthy();
    const reports = screen.getByRole('table', { name: 'Reports against this account and its content' });
    expect(within(reports).getByRole('link', { name: 'Tide' }).getAttribute('href')).toBe('/ops/reports/c1');
    expect(reports.textContent).toContain('Spam (2)');
    expect(reports.textContent).toContain('Open');
    const give = screen.getByRole('form', { name: 'Sanction this account' });
    fireEvent.change(within(give).getByLabelText('Reason'), { target: { value: 'Again' } });
    fireEvent.click(within(give).getByRole('button', { name: 'Apply sanction' }));
    await waitFor(() => expect(api.giveSanction).toHaveBeenCalledWith('u1', 'CreationBan', 7, 'Again'));
    fireEvent.change(screen.getByLabelText('Reason for lifting'), { target: { value: 'Mistake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lift' }));
    await waitFor(() => expect(api.liftSanction).toHaveBeenCalledWith('s1', 'Mistake'));
    expect(await screen.findByText('The sanction is lifted.')).toBeTruthy();
  });

  it('approves an appeal with a reason', async () => {
    api.fetchAppeals.mockResolvedValueOnce({ list: [{ ...ban, user: sam }] }).mockResolvedValue({ list: [] });
    api.decideAppeal.mockResolvedValue({ ...ban, status: 'Normal' });
    renderConsoleAt('/ops/appeals');
    const item = await screen.findByRole('article', { name: 'Appeal from Sam' });
    expect(item.textContent).toContain('They were drafts');
    const approve = within(item).getByRole('button', { name: 'Approve (lift the ban)' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(item).getByLabelText('Reason for the decision'), { target: { value: 'Fair' } });
    fireEvent.click(approve);
    await waitFor(() => expect(api.decideAppeal).toHaveBeenCalledWith('s1', 'Approved', 'Fair'));
    expect(await screen.findByText('No appeals waiting')).toBeTruthy();
  });

  it('shows a story appeal (name, rejection reasons, text) and rejects it with a reason', async () => {
    const storyAppeal = {
      appeal_id: 'ap1',
      kind: 'Story' as const,
      story_id: 'st1',
      version_id: 'v1',
      uid: 'u1',
      story_name: 'Harbour lights',
      text: 'Zorblax is my own word',
      reasons: ['summary: Names a creature that is not allowed'],
      status: 'Pending' as const,
      at: '2030-01-02T00:00:00.000Z',
      decided_at: null,
      decided_by: '',
      reason: '',
    };
    api.fetchAppeals.mockResolvedValueOnce({ list: [{ ...storyAppeal, user: sam }] }).mockResolvedValue({ list: [] });
    api.decideStoryAppeal.mockResolvedValue({ ...storyAppeal, status: 'Rejected' });
    renderConsoleAt('/ops/appeals');
    const item = await screen.findByRole('article', { name: 'Story appeal: Harbour lights' });
    expect(item.textContent).toContain('Zorblax is my own word');
    expect(item.textContent).toContain('summary: Names a creature that is not allowed');
    expect(within(item).getByRole('link', { name: 'Sam' })).toBeTruthy();
    const approve = within(item).getByRole('button', { name: 'Approve (the story goes live)' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(item).getByLabelText('Reason for the decision'), { target: { value: 'Still not allowed' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.decideStoryAppeal).toHaveBeenCalledWith('ap1', 'Rejected', 'Still not allowed'));
    expect(await screen.findByText('Appeal rejected: the story stays rejected.')).toBeTruthy();
    expect(api.decideAppeal).not.toHaveBeenCalled();
  });
});
