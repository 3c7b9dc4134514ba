import type { Translation } from 'ui-kit';
import type { GreetingsCatalogue } from './greetings.en';

/** 开场白选择的中文文案（并入 `player` 命名空间）。 */
const greetingsZhCN: Translation<GreetingsCatalogue> = {
  greetings: {
    title: '选择开场',
    hint: '在发送第一条消息前，可以换一个开场白。',
    option: '开场 {{n}}',
    choosing: '正在更换开场…',
  },
};

export default greetingsZhCN;
