/** 与剧情角色通话（并入 `player` 命名空间）。 */
const callZhCN = {
  call: {
    open: '通话',
    title: '与{{name}}通话',
    start: '开始通话',
    again: '再次通话',
    connecting: '正在连接…',
    left: '每次通话最长 {{max}} 分钟 · 今日剩余 {{left}} 分钟',
    noneLeft: '今日通话时长已用完，请明天再试。',
    listening: '正在聆听…',
    youSpeak: '你正在说话',
    spokenMark: '通话中说的',
    theySpeak: '{{name}}正在说话',
    muted: '麦克风已静音',
    mute: '静音',
    unmute: '取消静音',
    end: '结束通话',
    you: '你',
    transcript: '通话文字记录',
    hint: '连接后即可说话；停顿一下，角色就会回答。',
    ended: '通话已结束。',
    endedDuration: '已达到单次通话最长时长，通话结束。',
    endedTime: '今日通话时长已用完，通话结束。',
    endedQuota: '已达到今日上限，通话结束。',
    failed: '无法开始通话。请允许使用麦克风后重试。',
  },
} as const;

export default callZhCN;
