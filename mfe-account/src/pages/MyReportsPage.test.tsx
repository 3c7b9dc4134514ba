import { fireEvent, screen } from '@testing-library/react';
import { changeLanguage } from 'ui-kit';
import * as reportService from '../services/report.service';
import { installAccountPage, renderAt, resetAll } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/report.service');
const reports = jest.mocked(reportService);

const mine = (over: Partial<Awaited<ReturnType<typeof reportService.fetchMyReports>>['list'][number]> = {}) => ({
  report_id: '1',
  target_type: 'story',
  target_id: '42',
  target_name: 'The Quarry',
  reason: 'Violence',
  content: ['chapters'],
  details: '',
  status: 'Resolved',
  outcome: 'Remove',
  created_at: '2026-11-25T10:00:00.000Z',
  resolved_at: '2026-11-25T11:00:00.000Z',
  ...over,
});

beforeEach(() => {
  installAccountPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('my reports', () => {
  it('lists each report with its status and result', async () => {
    reports.fetchMyReports.mockResolvedValue({ list: [mine(), mine({ report_id: '2', target_type: 'comment', target_name: 'rude words', status: 'Open', outcome: '' })], has_more: false, next_offset: 2 });
    renderAt('/account/reports');
    expect(await screen.findByText('Story: The Quarry')).toBeTruthy();
    expect(screen.getByText('The content was removed.')).toBeTruthy();
    expect(screen.getByText('Handled')).toBeTruthy();
    expect(screen.getByText('Comment: rude words')).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
  });

  it('explains an empty list, and offers a retry when loading fails', async () => {
    reports.fetchMyReports.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ list: [], has_more: false, next_offset: 0 });
    renderAt('/account/reports');
    expect((await screen.findByRole('alert')).textContent).toBe('Your reports could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No reports' })).toBeTruthy();
  });

  it("dates each report in the UI language's format (Chinese dates in zh-CN)", async () => {
    reports.fetchMyReports.mockResolvedValue({ list: [mine()], has_more: false, next_offset: 1 });
    await changeLanguage('zh-CN');
    try {
      renderAt('/account/reports');
      expect(await screen.findByText(/2026年11月25日/)).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
    renderAt('/account/reports');
    expect((await screen.findAllByText(/Nov 25, 2026/)).length).toBeGreaterThan(0);
  });
});
