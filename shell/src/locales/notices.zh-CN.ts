import noticesEn from './notices.en';

/** The regional notices in Simplified Chinese; `local` stays in the region's own language. */
const noticesZhCN: typeof noticesEn = {
  regionNotice: {
    feedback: '向我们反馈',
    gotIt: '知道了',
    BR: {
      title: '致巴西用户',
      text: 'Storyverse 依照巴西数据保护法（LGPD）处理你的个人数据。你可以在设置中申请获取数据副本或注销账号；未满 18 岁的用户使用青少年模式。',
      local: noticesEn.regionNotice.BR.local,
    },
    ID: {
      title: '致印度尼西亚用户',
      text: '根据当地法规，部分故事和功能在印度尼西亚不可用；未满 18 岁的用户使用青少年模式。如果缺少你需要的内容，请告诉我们。',
      local: noticesEn.regionNotice.ID.local,
    },
  },
};
export default noticesZhCN;
