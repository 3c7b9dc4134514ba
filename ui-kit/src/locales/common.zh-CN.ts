import type { Translation } from '../i18n/types';
import type { CommonCatalogue } from './common.en';

const common: Translation<CommonCatalogue> = {
  close: '关闭',
  confirm: '确认',
  cancel: '取消',
  notNow: '暂不',
  save: '保存',
  loading: '加载中',
  refresh: '刷新',
  loadMore: '加载更多',
  loadMoreFailed: '下一页加载失败，请重试。',
  retry: '重试',
  notifications: '通知',
  pageUnavailable: '页面暂时无法访问',
  overLimit_one: '超出 {{limit}} 字上限 {{count}} 字',
  overLimit_other: '超出 {{limit}} 字上限 {{count}} 字',
  characterCount: '已输入 {{count}} 字，上限 {{limit}} 字',
  language: '语言',
  theme: '主题',
  themeLight: '浅色',
  themeDark: '深色',
  justNow: '刚刚',
  copyError: '复制错误信息',
};

export default common;
