import { unwrap, type Envelope, type Membership, type OpsOrder, type OpsOrderDetail } from 'shared-kit';
import { apiClient } from '../api/client';

/** The orders list's filters as the api reads them ('' leaves one out). */
export interface OrderFilters {
  user: string;
  status: string;
  /** ISO 8601 instants bounding the open time: `from` included, `to` not. */
  from: string;
  to: string;
}

export const ORDERS_PAGE = 20;

export function fetchOrders(filters: OrderFilters, offset: number): Promise<{ list: OpsOrder[]; has_more: boolean }> {
  const params: Record<string, string | number> = { offset, count: ORDERS_PAGE };
  for (const [k, v] of Object.entries(filters)) if (v !== '') params[k] = v;
  return unwrap(apiClient.get<Envelope<{ list: OpsOrder[]; has_more: boolean }>>('/ops/commerce/orders', { params }));
}

export function fetchOrder(orderNo: string): Promise<OpsOrderDetail> {
  return unwrap(apiClient.get<Envelope<OpsOrderDetail>>('/ops/commerce/order', { params: { order_no: orderNo } }));
}

export function refundOrder(orderNo: string, reason: string): Promise<{ order_no: string; refund_requested: boolean }> {
  return unwrap(apiClient.post<Envelope<{ order_no: string; refund_requested: boolean }>>('/ops/commerce/refund', { order_no: orderNo, reason }));
}

export function grantMembership(user: string, days: number, reason: string): Promise<{ uid: string; order_no: string; membership: Membership }> {
  return unwrap(apiClient.post<Envelope<{ uid: string; order_no: string; membership: Membership }>>('/commerce/free_vip_distribution', { user, days, reason }));
}

/** An amount in the currency's minor unit, in the language's way ("$9.99", "US$9.99"). */
export function formatMoney(amount: number, currency: string, language: string): string {
  if (currency === '') return String(amount);
  try {
    const fmt = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() });
    const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
    return fmt.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}
