import { unwrap, type Envelope, type Membership, type ModelOptions, type TradeOrder, type VipPlan } from 'shared-kit';
import { apiClient } from '../api/client';

export interface VipDetail {
  membership: Membership;
  plans: VipPlan[];
  benefits: string[];
}

export function fetchVipDetail(): Promise<VipDetail> {
  return unwrap(apiClient.get<Envelope<VipDetail>>('/commerce/vip_detail'));
}

export function fetchMembership(): Promise<Membership> {
  return unwrap(apiClient.get<Envelope<Membership>>('/commerce/vip_base_info'));
}

export function fetchOrders(): Promise<{ list: TradeOrder[]; has_more: boolean }> {
  return unwrap(apiClient.get<Envelope<{ list: TradeOrder[]; has_more: boolean }>>('/commerce/get_trade_orders', { params: { offset: 0, count: 20 } }));
}

export function fetchOrder(orderNo: string): Promise<TradeOrder> {
  return unwrap(apiClient.get<Envelope<TradeOrder>>('/commerce/get_trade_order_status', { params: { order_no: orderNo } }));
}

export function createOrder(goodsId: string, currency: string): Promise<{ order_no: string; checkout_url: string }> {
  return unwrap(apiClient.post<Envelope<{ order_no: string; checkout_url: string }>>('/commerce/create_trade_order', { goods_id: goodsId, currency }));
}

export function cancelRenewal(): Promise<Membership> {
  return unwrap(apiClient.post<Envelope<Membership>>('/commerce/cancel_subscribe', {}));
}

/** 9.99 € style, from an integer amount in the currency's minor unit. */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    const fmt = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() });
    const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
    return fmt.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The models a player may choose for their plays, and theirs (members-only ones for members). */
export function fetchModelOptions(): Promise<ModelOptions> {
  return unwrap(apiClient.get<Envelope<ModelOptions>>('/editor/default_model_options'));
}

/** Stores the model choice ('' for the default); a members-only model for a non-member is 1008. */
export function chooseModel(model: string): Promise<ModelOptions> {
  return unwrap(apiClient.post<Envelope<ModelOptions>>('/editor/update_default_model', { model }));
}
