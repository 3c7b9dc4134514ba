import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, type OpsOrder, type OpsOrderDetail } from 'shared-kit';
import { renderConsoleAt, useConsoleTests } from '../test/console';
import * as moderation from './services/moderation.service';
import * as commerce from './services/commerce.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
jest.mock('./services/commerce.service', () => ({
  ...jest.requireActual('./services/commerce.service'),
  fetchOrders: jest.fn(),
  fetchOrder: jest.fn(),
  refundOrder: jest.fn(),
  grantMembership: jest.fn(),
}));
const api = jest.mocked(commerce);
const mod = jest.mocked(moderation);

useConsoleTests();

const paid: OpsOrder = {
  order_no: 'SV20261128ABCDEF012345',
  goods_id: 'vip_monthly',
  trade_type: 'subscribe',
  status: 'Paid',
  currency: 'usd',
  amount: 999,
  created_at: '2026-11-28T10:00:00.000Z',
  paid_at: '2026-11-28T10:01:00.000Z',
  period_end: '2026-12-28T10:01:00.000Z',
  uid: 'u1',
  nickname: 'Wren',
  refunded_at: null,
  note: '',
};
const detail: OpsOrderDetail = {
  order: paid,
  user: { uid: 'u1', nickname: 'Wren', username: 'wren' },
  membership: { is_vip: true, status: 'active', valid_until: '2026-12-28T10:01:00.000Z', auto_renew: true, goods_id: 'vip_monthly', next_renewal_amount: 999, next_renewal_at: '2026-12-28T10:01:00.000Z', currency: 'usd', payment_failed: false },
  refundable: true,
};
const admin = () => mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['admin'] });

describe('mfe-ops orders', () => {
  it('lists orders, filters by state and account, pages on, and opens one', async () => {
    admin();
    api.fetchOrders.mockResolvedValueOnce({ list: [paid], has_more: true }).mockResolvedValue({ list: [{ ...paid, order_no: 'SV20261127AAAAAA000000', nickname: 'Ash' }], has_more: false });
    renderConsoleAt('/ops/orders', { showPath: true });
    expect(await screen.findByRole('link', { name: 'Orders' }, { timeout: 5000 })).toBeTruthy();
    const table = await findReadyTable('Orders');
    expect(table.textContent).toContain('SV20261128ABCDEF012345');
    expect(table.textContent).toContain('$9.99');
    expect(table.textContent).toContain('Monthly membership');
    fireEvent.click(screen.getByRole('button', { name: /more/i }));
    await waitFor(() => expect(api.fetchOrders).toHaveBeenLastCalledWith({ user: '', status: '', from: '', to: '' }, 1));
    expect(await screen.findByText('Ash')).toBeTruthy();

    api.fetchOrders.mockResolvedValue({ list: [], has_more: false });
    fireEvent.change(screen.getByLabelText('User ID or uid'), { target: { value: 'wren' } });
    fireEvent.change(screen.getByLabelText('Opened from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(api.fetchOrders).toHaveBeenLastCalledWith(expect.objectContaining({ user: 'wren', from: new Date('2026-11-01T00:00:00').toISOString() }), 0));
    expect(await screen.findByText('No order matches')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/ops/orders');
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    admin();
    api.fetchOrders.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ list: [paid], has_more: false });
    renderConsoleAt('/ops/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    expect((await findReadyTable('Orders')).textContent).toContain('Wren');
  });

  it('refunds an order after the operator confirms, with the reason', async () => {
    admin();
    api.fetchOrder.mockResolvedValueOnce(detail).mockResolvedValue({ ...detail, order: { ...paid, status: 'Refunded', refunded_at: '2026-11-28T11:00:00.000Z' }, refundable: false, membership: { ...detail.membership, is_vip: false, status: 'expired' } });
    api.refundOrder.mockResolvedValue({ order_no: paid.order_no, refund_requested: true });
    renderConsoleAt(`/ops/orders/${paid.order_no}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${paid.order_no}` }, { timeout: 5000 })).toBeTruthy();
    expect((await screen.findByTestId('order-status')).textContent).toBe('Paid');
    const form = screen.getByRole('form', { name: 'Refund' });
    expect(within(form).getByRole('button', { name: 'Refund' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'charged twice' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $9.99 to Wren?' });
    expect(dialog.textContent).toContain('charged twice');
    expect(api.refundOrder).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.refundOrder).toHaveBeenCalledWith(paid.order_no, 'charged twice'));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Refunded'));
    expect(screen.getByTestId('membership-state').textContent).toBe('Expired');
    expect(screen.getByText('Only a paid order with an amount can be refunded.')).toBeTruthy();
  });

  it('grants membership days and names an unknown account', async () => {
    admin();
    api.fetchOrders.mockResolvedValue({ list: [], has_more: false });
    api.grantMembership.mockRejectedValueOnce(new ApiError(ErrorCode.UserNotExist, 'user: no such account')).mockResolvedValue({ uid: 'u1', order_no: 'SV1', membership: detail.membership });
    renderConsoleAt('/ops/orders');
    const grant = await screen.findByRole('region', { name: 'Grant membership' }, { timeout: 5000 });
    fireEvent.change(within(grant).getByLabelText('Account (User ID or uid)'), { target: { value: 'nobody' } });
    fireEvent.change(within(grant).getByLabelText('Days', { exact: false }), { target: { value: '3' } });
    fireEvent.change(within(grant).getByLabelText('Reason'), { target: { value: 'beta tester' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant' }));
    expect(await within(grant).findByText('No account with that User ID or uid.')).toBeTruthy();
    expect(api.grantMembership).toHaveBeenCalledWith('nobody', 3, 'beta tester');
    fireEvent.change(within(grant).getByLabelText('Account (User ID or uid)'), { target: { value: 'wren' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant' }));
    expect(await within(grant).findByText(/wren is a member until/)).toBeTruthy();
  });

  it('is hidden from operators without the admin permission', async () => {
    mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['moderator'] });
    renderConsoleAt('/ops/orders');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
    expect(api.fetchOrders).not.toHaveBeenCalled();
  });
});
