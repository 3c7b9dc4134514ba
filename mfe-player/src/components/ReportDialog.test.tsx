import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, toastStore } from 'shared-kit';
import { REPORT_CONTENT, REPORT_DETAILS_MAX, REPORT_REASONS } from 'shared-kit/areas';
import { i18n } from 'ui-kit';
import { PLAYER_NS } from '../i18n';
import * as reportService from '../services/report.service';
import { ReportButton } from './ReportDialog';

jest.mock('../services/report.service');
const api = jest.mocked(reportService);

const config = {
  targets: (['story', 'comment'] as const).map((t) => ({ target_type: t, reasons: [...REPORT_REASONS[t]], content: [...REPORT_CONTENT[t]] })),
  details_max: REPORT_DETAILS_MAX,
};

beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  api.reportConfig.mockResolvedValue(config);
  toastStore.getState().dismiss();
});

async function openDialog() {
  render(<ReportButton targetType="story" targetId="42" />);
  fireEvent.click(screen.getByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  await within(dialog).findByRole('combobox', { name: 'Reason' });
  return dialog;
}

describe('report dialog', () => {
  it('lists the reasons and parts from the config, counts the details, and needs a reason and a part', async () => {
    const dialog = await openDialog();
    for (const name of ['Name', 'Cover', 'Introduction', 'Characters', 'Chapters', 'Opening line']) expect(within(dialog).getByRole('checkbox', { name })).toBeTruthy();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(6);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), { target: { value: 'Too dark' } });
    expect(within(dialog).getByText(`8/${REPORT_DETAILS_MAX}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Choose a reason and at least one part.');
    expect(api.sendReport).not.toHaveBeenCalled();
  });

  it('refuses details over the limit', async () => {
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), { target: { value: 'x'.repeat(REPORT_DETAILS_MAX + 1) } });
    expect((within(dialog).getByRole('button', { name: 'Submit report' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the report, closes and thanks; says so when already reported', async () => {
    api.sendReport.mockResolvedValueOnce({ report_id: '1', status: 'Open' });
    let dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Chapters' }));
    // The Radix select is driven through its hidden native select in jsdom.
    const native = dialog.querySelector('select') as HTMLSelectElement;
    fireEvent.change(native, { target: { value: 'Violence' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), { target: { value: ' Gory ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    });
    expect(api.sendReport).toHaveBeenCalledWith('story', '42', { reason: 'Violence', content: ['chapters'], details: 'Gory' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastStore.getState().current?.message).toBe('Thanks for your report. We will look into it.');

    api.sendReport.mockRejectedValueOnce(new ApiError(ErrorCode.DuplicateOperation));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    dialog = await screen.findByRole('dialog', { name: 'Report' });
    await within(dialog).findByRole('combobox', { name: 'Reason' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Cover' }));
    fireEvent.change(dialog.querySelector('select') as HTMLSelectElement, { target: { value: 'Spam' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    });
    expect(within(dialog).getByRole('status').textContent).toBe('You have already reported this. We will tell you the result.');
  });
});
