import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, type TemplateWhiteListEntry } from 'shared-kit';
import { renderConsoleAt, useConsoleTests } from '../test/console';
import * as moderation from './services/moderation.service';
import * as templates from './services/template.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
jest.mock('./services/template.service');
const mod = jest.mocked(moderation);
const api = jest.mocked(templates);

useConsoleTests();

const writer: TemplateWhiteListEntry = {
  uid: '1001',
  nickname: 'Wren',
  username: 'wren_writes',
  added_by: '1',
  added_by_name: 'Operator',
  added_at: '2026-11-20T10:00:00.000Z',
};

describe('mfe-ops template whitelist', () => {
  it('a content operator sees the list, adds a creator by User ID and removes one', async () => {
    mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['content_operator'] });
    api.fetchTemplateWhiteList.mockResolvedValueOnce({ list: [writer] }).mockResolvedValue({ list: [] });
    api.changeTemplateWhiteList.mockResolvedValue({ uid: '1002', nickname: 'Ash', in_white_list: true });
    renderConsoleAt('/ops/template-whitelist');
    expect(await screen.findByRole('link', { name: 'Template whitelist' }, { timeout: 5000 })).toBeTruthy();
    const table = await findReadyTable('Creators on the whitelist');
    expect(table.textContent).toContain('Wren (wren_writes)');
    expect(table.textContent).toContain('Operator');

    fireEvent.change(screen.getByLabelText('User ID or uid'), { target: { value: ' ash_42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.changeTemplateWhiteList).toHaveBeenCalledWith('ash_42', true));
    expect((await screen.findByRole('status')).textContent).toBe('Ash is on the whitelist.');
    expect(await screen.findByText('No creator is on the whitelist')).toBeTruthy();

    api.fetchTemplateWhiteList.mockResolvedValue({ list: [writer] });
    api.changeTemplateWhiteList.mockResolvedValue({ uid: '1001', nickname: 'Wren', in_white_list: false });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(api.changeTemplateWhiteList).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('User ID or uid'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.changeTemplateWhiteList).toHaveBeenCalledTimes(2));
    const again = await findReadyTable('Creators on the whitelist');
    fireEvent.click(within(again).getByRole('button', { name: 'Remove Wren from the whitelist' }));
    await waitFor(() => expect(api.changeTemplateWhiteList).toHaveBeenLastCalledWith('1001', false));
    expect((await screen.findByRole('status')).textContent).toBe('Wren is off the whitelist.');
  });

  it('names the demo data as the adder of a creator it put on the whitelist', async () => {
    mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['content_operator'] });
    api.fetchTemplateWhiteList.mockResolvedValue({ list: [{ ...writer, added_by: 'seed', added_by_name: '' }] });
    renderConsoleAt('/ops/template-whitelist');
    const table = await findReadyTable('Creators on the whitelist');
    expect(table.querySelectorAll('tbody td')[0]?.textContent).toBe('Demo data');
    expect(table.textContent).not.toContain('seed');
  });

  it('an unknown account and a failed load are said; the list can be tried again', async () => {
    mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['admin', 'content_operator', 'moderator', 'reviewer'] });
    api.fetchTemplateWhiteList.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ list: [writer] });
    api.changeTemplateWhiteList.mockRejectedValue(new ApiError(ErrorCode.RecordNotFound));
    renderConsoleAt('/ops/template-whitelist');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findReadyTable('Creators on the whitelist')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User ID or uid'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('status')).textContent).toBe('No account with that User ID or uid.');
  });

  it('a reviewer has no link to the whitelist', async () => {
    mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['reviewer'] });
    renderConsoleAt('/ops');
    expect(await screen.findByRole('link', { name: 'Review queue' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Template whitelist' })).toBeNull();
  });
});
