import type { MembershipCatalogue } from './membership.en';

/** 会员页中文文案（并入 `account` 命名空间）。 */
const membershipZhCN: MembershipCatalogue = {
  membership: {
    title: '会员',
    link: '会员',
    loading: '正在加载会员信息…',
    confirming: '正在确认支付…',
    loadFailed: '无法加载会员信息。',
    member: '你已是会员',
    notMember: '你还不是会员',
    badge: '会员',
    renews: '将于 {{date}} 自动续费',
    endsOn: '会员有效期至 {{date}}',
    expiredOn: '会员已于 {{date}} 过期',
    nextAmount: '下次续费金额：{{amount}}',
    paymentFailed: '上次续费扣款失败，系统将重试扣款。',
    cancelRenewal: '取消自动续费',
    cancelConfirm: '确定关闭自动续费吗？会员将保留至已付费周期结束。',
    cancelled: '已关闭自动续费，会员将保留至已付费周期结束。',
    cancelFailed: '取消失败，请重试。',
    checkoutCancelled: '已取消支付，未产生扣款。',
    orderFailed: '无法创建订单，请重试。',
    benefitsTitle: '会员权益',
    benefits: {
      no_daily_limit: '无每日聊天次数限制',
      model_choice: '可在可用模型中自由选择',
      no_ads: '免广告',
      vip_styles: '会员专属画风',
    },
    plansTitle: '套餐',
    plans: { subscription: '连续包月，自动续费', one_time: '{{days}} 天，单次购买' },
    subscribe: '订阅',
    buy: '购买',
    subscribeTo: '{{action}}：{{plan}}',
    redirecting: '正在打开支付页…',
    orderLine: '{{date}} · {{amount}}',
    ordersTitle: '订单记录',
    noOrders: '暂无订单。',
    free: '免费',
    status: { Open: '待支付', Paid: '已支付', Failed: '支付失败', Expired: '已过期', Refunded: '已退款' },
  },
};

export default membershipZhCN;
