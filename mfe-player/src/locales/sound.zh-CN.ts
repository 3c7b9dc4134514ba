import type { Translation } from 'ui-kit';
import type soundEn from './sound.en';

/** 播放面板的声音：朗读回复、背景音乐、重播一句（并入 `player` 命名空间）。 */
const soundZh: Translation<typeof soundEn> = {
  sound: {
    region: '声音',
    speak: '朗读回复',
    music: '背景音乐',
    musicValue: '{{volume}}%',
    noMusic: '本章没有背景音乐',
    reached: '今日语音播放次数已用完。在恢复之前，回复只以文字显示。',
    recovered: '语音播放已恢复。',
    dismiss: '关闭',
    tapToHear: '点击收听回复',
    replay: '朗读这一句',
    replaying: '正在朗读这一句',
    speaking: '正在朗读',
  },
};

export default soundZh;
