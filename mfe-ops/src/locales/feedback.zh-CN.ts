import type { FeedbackCatalogue } from './feedback.en';

const feedbackZhCN: FeedbackCatalogue = {
  feedback: {
    nav: '用户反馈',
    title: '用户反馈',
    filter: '显示',
    filters: { all: '待回复和已回复', Open: '待回复', Answered: '已回复', Closed: '已关闭' },
    loading: '正在加载反馈…',
    loadFailed: '反馈加载失败。',
    retry: '重试',
    empty: '这里没有反馈。',
    from: '来自 {{name}} · {{date}}',
    version: '版本 {{version}} · {{device}}',
    screenshot: '截图',
    answers: '回复',
    answer: '回复内容',
    send: '发送回复',
    close: '关闭',
    answered: '回复已发送到用户收件箱。',
    closed: '反馈已关闭。',
    failed: '操作失败：{{message}}',
    more: '加载更多',
    status: { Open: '待回复', Answered: '已回复', Closed: '已关闭' },
  },
};

export default feedbackZhCN;
