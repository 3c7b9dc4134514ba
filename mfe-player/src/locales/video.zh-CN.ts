import type { VideoCatalogue } from './video.en';

/** 游玩分享为视频：游玩菜单中的对话框与视频页面。 */
const videoZh: VideoCatalogue = {
  video: {
    open: '分享为视频',
    title: '将这段游玩分享为视频',
    loading: '正在查询今天还能制作几个视频…',
    chosen_one: '所选的回合（{{count}} 句）将生成竖屏视频，配声音、字幕、图片与音乐。',
    chosen_other: '所选的回合（{{count}} 句）将生成竖屏视频，配声音、字幕、图片与音乐。',
    turns: '视频中的回合',
    lines: '{{count}} 句 / 最多 {{max}} 句',
    noTurns: '这段游玩还没有任何对话。',
    tooMany: '一个视频最多 {{max}} 句：请少选几个回合。',
    left: '今日剩余视频：{{remaining}} / {{limit}}',
    make: '生成视频',
    progress: '正在生成视频：{{percent}}%',
    cancel: '取消生成',
    cancelled: '视频已取消。',
    failed: '视频生成失败，请稍后再试。',
    ready: '视频已生成。',
    link: '视频链接',
    copy: '复制链接',
    copied: '链接已复制',
    watch: '观看',
    close: '关闭',
    limit: '今天的视频次数已用完，请明天再试。',
    flagged: '部分台词未通过内容审核，不能放进视频。',
    pageTitle: '视频',
    pageLoading: '正在加载视频…',
    unavailable: '该视频无法访问',
    notVideo: '这个链接不是视频。',
    player: '视频：{{title}}',
    length: '{{seconds}} 秒',
    playStory: '游玩这个故事',
  },
};

export default videoZh;
