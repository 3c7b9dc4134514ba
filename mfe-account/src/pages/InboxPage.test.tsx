import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError, ErrorCode, type Notice, type NoticePage } from 'shared-kit';
import * as inboxService from '../services/inbox.service';
import { installAccountPage, installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/inbox.service');
const inbox = jest.mocked(inboxService);

const bea = { uid: '7', nickname: 'Bea', username: 'bea', avatar: '' };
function aNotice(id: string, overrides: Partial<Notice> = {}): Notice {
  return { notice_id: id, kind: 'Follow', actor: bea, story_id: '', story_name: '', comment_id: '', text: '', until: null, title: '', link: '', read: false, created_at: null, ...overrides };
}
function page(list: Notice[], overrides: Partial<NoticePage> = {}): NoticePage {
  return { list, has_more: false, cursor: '', unread: list.filter((n) => !n.read).length, ...overrides };
}

beforeEach(() => {
  installAccountPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('the inbox', () => {
  it('lists replies, likes, follows and pins with where they lead, then marks them read', async () => {
    inbox.fetchNotices.mockResolvedValueOnce(
      page([
        aNotice('4', { kind: 'Reply', story_id: '100', story_name: 'The Lamp', comment_id: 'c2', text: 'Agreed!' }),
        aNotice('3', { kind: 'Like', story_id: '100', story_name: 'The Lamp' }),
        aNotice('2', { kind: 'Pin', story_id: '100', story_name: 'The Lamp', comment_id: 'c1', read: true }),
        aNotice('5', { kind: 'Reply', story_id: 'fe1764390000000123456', story_name: 'The keeper', comment_id: 'c3', text: 'Yes', read: true }),
        aNotice('1'),
      ]),
    );
    inbox.markAllRead.mockResolvedValueOnce(0);
    renderAt('/account/inbox');
    const reply = await screen.findByRole('link', { name: 'Bea replied to your comment on The Lamp' });
    expect(reply.getAttribute('href')).toBe('/play/story/100#comments');
    expect(within(reply.closest('li')!).getByText('“Agreed!”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bea liked your story The Lamp' }).getAttribute('href')).toBe('/play/story/100');
    expect(screen.getByRole('link', { name: 'Bea pinned your comment on The Lamp' })).toBeTruthy();
    // On a thread's comments, the line leads to the thread.
    expect(screen.getByRole('link', { name: 'Bea replied to your comment on The keeper' }).getAttribute('href')).toBe('/play/thread/fe1764390000000123456#comments');
    expect(screen.getByRole('link', { name: 'Bea started following you' }).getAttribute('href')).toBe('/play/user/7');
    expect(screen.getAllByText('New')).toHaveLength(3);
    expect(inbox.markAllRead).toHaveBeenCalledTimes(1);
  });

  it('shows membership receipts with the plan, the amount and the order number, leading to the membership page', async () => {
    const receipt = (event: 'paid' | 'renewed' | 'refunded', order_no: string) => ({ event, order_no, goods_id: 'vip_monthly', amount: 999, currency: 'usd' });
    inbox.fetchNotices.mockResolvedValueOnce(
      page([
        aNotice('3', { kind: 'Receipt', actor: null, link: '/account/membership', receipt: receipt('refunded', 'SV2') }),
        aNotice('2', { kind: 'Receipt', actor: null, link: '/account/membership', receipt: receipt('renewed', 'SV2') }),
        aNotice('1', { kind: 'Receipt', actor: null, link: '/account/membership', receipt: receipt('paid', 'SV1'), read: true }),
      ]),
    );
    inbox.markAllRead.mockResolvedValueOnce(0);
    renderAt('/account/inbox');
    const paid = await screen.findByRole('link', { name: 'Payment received: Monthly membership, $9.99 (order SV1)' });
    expect(paid.getAttribute('href')).toBe('/account/membership');
    expect(screen.getByRole('link', { name: 'Membership renewed: Monthly membership, $9.99 (order SV2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refund issued: Monthly membership, $9.99 (order SV2)' })).toBeTruthy();
  });

  it('tells of review decisions and sanctions, with the reasons, leading to the works and the account', async () => {
    inbox.fetchNotices.mockResolvedValueOnce(
      page([
        aNotice('3', { kind: 'ReviewFailed', actor: null, story_id: '100', story_name: 'The Lamp', text: 'Summary: violence', read: true }),
        aNotice('2', { kind: 'Sanction', actor: null, text: 'Spam', until: '2030-01-02T00:00:00.000Z', read: true }),
        aNotice('1', { kind: 'AppealApproved', actor: null, read: true }),
      ]),
    );
    renderAt('/account/inbox');
    const failed = await screen.findByRole('link', { name: 'Your story The Lamp did not pass review' });
    expect(failed.getAttribute('href')).toBe('/editor/works');
    expect(within(failed.closest('li')!).getByText('“Summary: violence”')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Your account is restricted until / }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Your appeal was approved' })).toBeTruthy();
  });

  it("tells of a story appeal's outcome with the story's name, leading to the story in the editor", async () => {
    inbox.fetchNotices.mockResolvedValueOnce(
      page([
        aNotice('2', { kind: 'AppealRejected', actor: null, story_id: '101', story_name: 'The Dune', text: 'Still too dark', read: true }),
        aNotice('1', { kind: 'AppealApproved', actor: null, story_id: '100', story_name: 'The Lamp', text: 'Fine after all', read: true }),
      ]),
    );
    renderAt('/account/inbox');
    const approved = await screen.findByRole('link', { name: 'Your appeal for The Lamp was approved: it is live' });
    expect(approved.getAttribute('href')).toBe('/editor/story/100');
    const rejected = screen.getByRole('link', { name: 'Your appeal for The Dune was not approved' });
    expect(rejected.getAttribute('href')).toBe('/editor/story/101');
    expect(within(rejected.closest('li')!).getByText('“Still too dark”')).toBeTruthy();
  });

  it("shows the team's mail with its title and text, leading to its link", async () => {
    inbox.fetchNotices.mockResolvedValueOnce(
      page([aNotice('1', { kind: 'Mail', actor: null, title: 'New season', text: 'Stories of the sea start today.', link: '/play' })]),
    );
    inbox.markAllRead.mockResolvedValueOnce(0);
    renderAt('/account/inbox');
    const mail = await screen.findByRole('link', { name: 'Message from the team: New season' });
    expect(mail.getAttribute('href')).toBe('/play');
    expect(within(mail.closest('li')!).getByText('“Stories of the sea start today.”')).toBeTruthy();
  });

  it("tells of an operator's verdict on a collection, with the note, leading to the collection's editor", async () => {
    inbox.fetchNotices.mockResolvedValueOnce(
      page([
        aNotice('2', { kind: 'CollectionFailed', actor: null, story_name: 'Four Winds', text: 'Wording', link: '/editor/collection/7' }),
        aNotice('1', { kind: 'CollectionPassed', actor: null, story_name: 'Sea Tales', text: '', link: '/editor/collection/8' }),
      ]),
    );
    inbox.markAllRead.mockResolvedValueOnce(0);
    renderAt('/account/inbox');
    const failed = await screen.findByRole('link', { name: 'Your collection Four Winds did not pass review' });
    expect(failed.getAttribute('href')).toBe('/editor/collection/7');
    expect(within(failed.closest('li')!).getByText('“Wording”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your collection Sea Tales passed review' }).getAttribute('href')).toBe('/editor/collection/8');
  });

  it('shows an empty state, and pages on Show more', async () => {
    inbox.fetchNotices.mockResolvedValueOnce(page([]));
    const { unmount } = renderAt('/account/inbox');
    expect(await screen.findByRole('heading', { level: 2, name: 'No notifications yet' })).toBeTruthy();
    expect(inbox.markAllRead).not.toHaveBeenCalled();
    unmount();
    resetAll();
    installFakeShell();
    inbox.fetchNotices.mockResolvedValueOnce(page([aNotice('2', { read: true })], { has_more: true, cursor: 'k' }));
    inbox.fetchNotices.mockResolvedValueOnce(page([aNotice('1', { read: true, actor: { ...bea, nickname: 'Cal' } })]));
    renderAt('/account/inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Cal started following you' });
    expect(inbox.fetchNotices).toHaveBeenLastCalledWith('k');
  });

  it('says when the inbox cannot be read, with a retry', async () => {
    inbox.fetchNotices.mockRejectedValueOnce(new ApiError(ErrorCode.Internal, 'Server error'));
    renderAt('/account/inbox');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    inbox.fetchNotices.mockResolvedValueOnce(page([aNotice('1', { read: true })]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Bea started following you' });
  });
});
