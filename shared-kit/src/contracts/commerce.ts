import { z } from 'zod';
import { OrderStatus, TradeType, VIP_SCENES } from '../commerce';

/**
 * `/api/commerce/*` (membership, orders, the payment provider's webhooks) and `/api/ads/*` (rewarded ads at the
 * chat limit): what clients send (COMMERCE_REQUESTS) and what the api answers (COMMERCE_CONTRACTS). Amounts are
 * integers in the currency's minor unit (999 usd is 9.99 dollars).
 */

const goodsId = z.string().trim().min(1).max(40);
const orderNo = z.string().trim().regex(/^[A-Z0-9]{8,40}$/, 'expected an order number');
const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

export const COMMERCE_REQUESTS = {
  createTradeOrderBody: z
    .object({
      goods_id: goodsId,
      /** No coupons are configured: any non-empty value is refused as unknown. */
      coupon_id: z.string().max(64).optional().default(''),
      /** subscribe or one_time; must match the plan's kind when given. */
      trade_type: z.enum([TradeType.Subscribe, TradeType.OneTime]).optional(),
      /** The payment method family; card is the only one (the provider's page takes the card). */
      sub_pay_type: z.enum(['card']).optional().default('card'),
      currency: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/, 'expected a three-letter currency code').optional(),
    })
    .strict(),
  orderStatusQuery: z.object({ order_no: orderNo }),
  ordersQuery: pageQuery,
  vipSceneQuery: z.object({ scene: z.enum(VIP_SCENES).default('chat_limit') }),
  freeVipBody: z
    .object({
      /** The account, by uid or User ID. */
      user: z.string().trim().min(1).max(64),
      days: z.number().int().min(1).max(366),
      reason: z.string().trim().min(1).max(500),
    })
    .strict(),
  refundBody: z.object({ order_no: orderNo, reason: z.string().trim().min(1).max(500) }).strict(),
  opsOrdersQuery: pageQuery.extend({
    /** The account, by uid or User ID. */
    user: z.string().trim().max(64).optional(),
    status: z.enum([OrderStatus.Open, OrderStatus.Paid, OrderStatus.Failed, OrderStatus.Expired, OrderStatus.Refunded]).optional(),
    /** Orders opened at or after this instant (ISO 8601). */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Orders opened before this instant (ISO 8601). */
    to: z.iso.datetime({ offset: true }).optional(),
  }),
  opsOrderQuery: z.object({ order_no: orderNo }),
  /** A model id from `default_model_options`; empty: back to the default model. */
  updateDefaultModelBody: z.object({ model: z.string().trim().max(200) }).strict(),
  adStartBody: z.object({ placement: z.string().trim().min(1).max(40) }).strict(),
  adRewardBody: z.object({ token: z.string().min(20).max(600) }).strict(),
};
export type CreateTradeOrderRequest = z.input<typeof COMMERCE_REQUESTS.createTradeOrderBody>;

export const vipPlanSchema = z.object({
  goods_id: z.string(),
  kind: z.enum(['subscription', 'one_time']),
  days: z.number().int(),
  currency: z.string(),
  /** In the currency's minor unit. */
  amount: z.number().int(),
  prices: z.record(z.string(), z.number().int()),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

/** The spec's Membership fields: valid-until, next renewal amount and date, active or expired, and the renewal switch. */
export const membershipSchema = z.object({
  is_vip: z.boolean(),
  status: z.enum(['active', 'expired', 'none']),
  valid_until: z.string().nullable(),
  auto_renew: z.boolean(),
  goods_id: z.string(),
  next_renewal_amount: z.number().int().nullable(),
  next_renewal_at: z.string().nullable(),
  currency: z.string(),
  /** The last renewal failed to charge; the provider retries before it ends the subscription. */
  payment_failed: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const orderSchema = z.object({
  order_no: z.string(),
  goods_id: z.string(),
  trade_type: z.string(),
  status: z.enum([OrderStatus.Open, OrderStatus.Paid, OrderStatus.Failed, OrderStatus.Expired, OrderStatus.Refunded]),
  currency: z.string(),
  amount: z.number().int(),
  /** Open time. */
  created_at: z.string(),
  paid_at: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type TradeOrder = z.infer<typeof orderSchema>;

/** An order as operators see it: whose, and what was noted on a grant or refund. */
export const opsOrderSchema = orderSchema.extend({
  uid: z.string(),
  nickname: z.string(),
  refunded_at: z.string().nullable(),
  note: z.string(),
});
export type OpsOrder = z.infer<typeof opsOrderSchema>;
export const opsOrderDetailSchema = z.object({
  order: opsOrderSchema,
  user: z.object({ uid: z.string(), nickname: z.string(), username: z.string() }),
  membership: membershipSchema,
  /** Paid, not free, and the provider holds its payment: the refund button is offered. */
  refundable: z.boolean(),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetailSchema>;

export const staticConfigSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  currencies: z.array(z.string()),
  default_currency: z.string(),
  plans: z.array(vipPlanSchema),
  benefits: z.array(z.string()),
});

export const createdOrderSchema = z.object({ order_no: z.string(), status: z.string(), checkout_url: z.string(), reused: z.boolean() });
export const ordersPageSchema = z.object({ list: z.array(orderSchema), has_more: z.boolean() });
export const vipToastSchema = z.object({ need_toast: z.boolean(), scene: z.string(), is_vip: z.boolean() });
export const vipGuideSchema = z.object({ scene: z.string(), benefits: z.array(z.string()), plans: z.array(vipPlanSchema), membership: membershipSchema });

export const adsConfigSchema = z.object({
  placements: z.array(z.string()),
  reward_chats: z.number().int(),
  views_per_day: z.number().int(),
  min_watch_ms: z.number().int(),
  /** house: the offline animation shipped with the app. */
  network: z.string(),
});
export const adsUserInfoSchema = z.object({
  views_today: z.number().int(),
  views_left: z.number().int(),
  extra_chats_today: z.number().int(),
  /** Members skip ads. */
  ad_free: z.boolean(),
  /** 1020901 once the day's views are used, 1020902 the next day, 0 otherwise. */
  limit_code: z.number().int(),
});
export const adStartSchema = z.object({ token: z.string(), min_watch_ms: z.number().int(), placement: z.string() });
export const adRewardSchema = adsUserInfoSchema.extend({ reward_chats: z.number().int() });

export const chatModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  members_only: z.boolean(),
  /** The caller may use it now (not members-only, or a member). */
  available: z.boolean(),
});
export type ChatModelOption = z.infer<typeof chatModelSchema>;
/** The models a player may choose for their plays, and theirs. */
export const modelOptionsSchema = z.object({
  /** offline: no model is connected and the offline storyteller writes every reply, whatever the choice. */
  ai_mode: z.enum(['offline', 'model']),
  models: z.array(chatModelSchema),
  /** The model a play uses without a choice (null offline). */
  default_model: z.string().nullable(),
  /** The stored choice (null: the default). */
  chosen_model: z.string().nullable(),
  /** What the caller's turns use now: the choice while it is available, else the default. */
  current_model: z.string().nullable(),
  is_vip: z.boolean(),
});
export type ModelOptions = z.infer<typeof modelOptionsSchema>;

export const COMMERCE_CONTRACTS = {
  'GET /commerce/static_config': staticConfigSchema,
  'GET /commerce/vip_base_info': membershipSchema,
  'GET /commerce/vip_detail': z.object({ membership: membershipSchema, plans: z.array(vipPlanSchema), benefits: z.array(z.string()) }),
  'POST /commerce/create_trade_order': createdOrderSchema,
  'GET /commerce/get_trade_order_status': orderSchema,
  'GET /commerce/get_trade_orders': ordersPageSchema,
  'GET /commerce/get_subscribe_info': membershipSchema,
  'POST /commerce/cancel_subscribe': membershipSchema.extend({ cancel_requested: z.boolean() }),
  'GET /commerce/vip_need_toast': vipToastSchema,
  'GET /commerce/vip_guide': vipGuideSchema,
  'POST /commerce/bind_vip': membershipSchema,
  'POST /commerce/free_vip_distribution': z.object({ uid: z.string(), order_no: z.string(), membership: membershipSchema }),
  'GET /ops/commerce/orders': z.object({ list: z.array(opsOrderSchema), has_more: z.boolean() }),
  'GET /ops/commerce/order': opsOrderDetailSchema,
  'POST /ops/commerce/refund': z.object({ order_no: z.string(), refund_requested: z.boolean() }),
  'GET /editor/default_model_options': modelOptionsSchema,
  'POST /editor/update_default_model': modelOptionsSchema,
  'GET /ads/config': adsConfigSchema,
  'GET /ads/user_info': adsUserInfoSchema,
  'POST /ads/start': adStartSchema,
  'POST /ads/reward': adRewardSchema,
} satisfies Record<string, z.ZodType>;
