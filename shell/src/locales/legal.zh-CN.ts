import type { Translation } from 'ui-kit';
import type { LegalCopy } from './legal.en';

/** The legal texts in Simplified Chinese (`shellLegal` namespace). */
const legal: Translation<LegalCopy> = {
  terms: {
    title: '服务条款',
    sections: {
      who: {
        title: '谁可以使用 Storyverse',
        text: '你必须年满 18 周岁才能创建账号。每人一个账号；请勿将登录信息告诉他人。',
      },
      creations: {
        title: '你的故事和角色',
        text: '你保留对自己创作内容的权利。发布即表示你允许 Storyverse 展示、存储和改编你的作品，以便玩家游玩并与其中的角色聊天。你可以随时下架或删除你的作品。',
      },
      rules: {
        title: '内容规则',
        text: '发布的作品需通过安全审核。涉及未成年人的色情内容、仇恨内容、宣扬伤害的暴力内容、违法内容、抄袭内容或骚扰他人的内容将被删除，发布此类内容的账号可能被限制或封禁。你可以对一次审核结果提出申诉。',
      },
      ai: {
        title: 'AI 生成内容',
        text: '角色的回复由 AI 模型生成。回复可能有误或出人意料，不代表 Storyverse 或创作者的观点。AI 生成的内容会带有标识。',
      },
      membership: {
        title: '会员与限制',
        text: '免费账号每天有聊天次数限制。会员按月自动续费，直到你取消；取消后将不再续费，当月权益保留。',
      },
      ending: {
        title: '注销账号',
        text: '你可以在账号菜单中注销账号。违反本条款的账号可能被封禁。本条款可能会更新；变更生效前我们会通知你。',
      },
    },
  },
  privacy: {
    title: '隐私政策',
    sections: {
      collect: {
        title: '我们收集哪些信息',
        text: '用于登录的手机号或关联账号，你填写的资料（昵称、用户 ID、头像），你创作的故事和角色，你与角色的聊天，以及运行服务所需的基本设备信息（平台、语言、屏幕尺寸、应用版本）。',
      },
      use: {
        title: '我们如何使用',
        text: '用于运行和保护服务、审核发布内容的安全性、生成角色回复、执行每日限制以及修复错误。我们不会出售你的个人数据。',
      },
      see: {
        title: '谁能看到',
        text: '已发布的作品和你的公开资料对其他用户可见。聊天内容仅你可见；聊天文本会发送给生成回复的 AI 模型服务商。服务商仅代表我们处理数据。',
      },
      choices: {
        title: '你的选择',
        text: '你可以编辑资料、删除作品、拉黑用户以及注销账号。注销账号会删除你的资料、作品和聊天；最近的聊天记录可能会短暂保留以核验注销请求。',
      },
      contact: {
        title: '联系我们',
        text: '关于你的数据的问题可以通过 App 内的“反馈”提交；我们会在 5 个工作日内回复。',
      },
    },
  },
};

export default legal;
