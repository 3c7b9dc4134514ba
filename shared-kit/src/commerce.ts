// Membership and orders: the names both sides use (the schemas are in contracts/commerce.ts).

export const OrderStatus = { Open: 'Open', Paid: 'Paid', Failed: 'Failed', Expired: 'Expired', Refunded: 'Refunded' } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** subscribe: the first payment of an auto-renewing plan; renewal: each later period; one_time; grant: an operator's trial days. */
export const TradeType = { Subscribe: 'subscribe', OneTime: 'one_time', Renewal: 'renewal', Grant: 'grant' } as const;
export type TradeType = (typeof TradeType)[keyof typeof TradeType];

/** Where the client offers membership (vip_need_toast, vip_guide). */
export const VIP_SCENES = ['chat_limit', 'vip_style', 'model_switch'] as const;
export type VipScene = (typeof VIP_SCENES)[number];

/** What members get, as keys the clients translate. */
export const VIP_BENEFITS = ['no_daily_limit', 'model_choice', 'no_ads', 'vip_styles'] as const;

