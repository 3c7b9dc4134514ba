import type { Translation } from 'ui-kit';
import type { GraphCatalogue } from './graph.en';

/** 分支故事游玩时的中文文案（并入 `player` 命名空间）。 */
const graphZhCN: Translation<GraphCatalogue> = {
  graph: {
    choices: '你的选择',
    typeInstead: '也可以输入你要做的事',
    status: '当前状态',
    flagOn: '{{label}}',
    valueOf: '{{label}} {{value}}',
    endingReached: '达成结局：{{title}}',
    endingsFound: '已发现 {{found}} / {{count}} 个结局',
    endingsFoundTitle: '你发现的结局',
    mapTitle: '你走过的路',
    mapHint: '走过的地方会显示名称，其余在到达前保持隐藏。',
    hiddenNode: '尚未到达',
    loadingMap: '正在加载你的地图…',
    mapFailed: '无法加载你的地图。',
    nodeType: {
      Simple: '场景',
      NormalContent: '场景',
      ChoiceContent: '选择',
      JudgeContent: '转折点',
      VariableAssignment: '变化',
      Success: '好结局',
      Fail: '坏结局',
      Folder: '分组',
    },
  },
};

export default graphZhCN;
