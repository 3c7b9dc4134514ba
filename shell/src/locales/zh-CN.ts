import type { Translation } from 'ui-kit';
import type { ShellCopy } from './en';

/** The shell's copy in Simplified Chinese (`shell` namespace); the type keeps its keys the same as English. */
const zhCN: Translation<ShellCopy> = {
  skipToContent: '跳到正文',
  loading: '加载中…',
  header: {
    home: 'Storyverse 首页',
    brand: 'Storyverse',
    navLabel: '主导航',
    play: '故事',
    myStory: '我的故事',
    myStoryUnread: '我的故事（有新动态）',
    moderation: '内容审核',
    newUpdates: '有新动态',
    logIn: '登录',
    profile: '个人主页',
    settings: '设置',
    blocked: '黑名单',
    logOut: '退出登录',
    deleteAccount: '注销账号',
    logOutTitle: '确定退出登录？',
    logOutText: '退出后需要重新登录才能编辑你的故事。',
    logoutFailed: '退出登录失败',
    getApp: '下载 App',
    qrFor: '{{url}} 的二维码',
    qrLoading: '正在加载二维码',
    qrFailed: '二维码加载失败',
    qrUnavailable: '二维码不可用：请使用下方链接。',
    scanText: '用手机扫码，在 App 中畅玩故事。',
  },
  home: {
    title: '创作互动故事',
    heading: '创作互动 AI 故事',
    lead: '编写由章节、角色和开场组成的故事，或创建一个可以聊天的角色（机器人）。通过安全审核后发布，玩家就能玩你的故事、和你的角色聊天。',
    createTitle: '创作',
    createText: '打开你的草稿和已发布的故事，或新建故事、角色。',
    createAction: '我的故事',
    playTitle: '畅玩',
    playText: '探索其他创作者的故事，和他们的角色聊天。',
    playAction: '开始玩故事',
  },
  remote: {
    loading: '页面加载中',
    unavailable: '该部分暂时无法使用',
    retry: '重试',
  },
};

export default zhCN;
