import { ValidationErrorType } from '../enums';
import { createForbiddenWords, NO_FORBIDDEN_WORDS, parseForbiddenWordList } from './forbidden';
import {
  invalidItem,
  reviewIssues,
  validItem,
  REVIEW_EMPTY_TIP,
  REVIEW_GENERIC_REASON,
  type StoryReviewResult,
} from './review';
import { storyCreateSchema, storyContentSchema } from './schema';

describe('forbidden words', () => {
  const words = createForbiddenWords(
    parseForbiddenWordList('# comment\n\nBadword\n  evil   phrase \n禁止词\nbadword\n'),
  );
  it('parses lists, skipping comments, blanks and duplicates', () => {
    expect(words.size).toBe(3);
    expect(NO_FORBIDDEN_WORDS.find('badword')).toBeNull();
    expect(createForbiddenWords([' ', '']).size).toBe(0);
  });
  it('matches whole words ignoring case and full-width forms, phrases across spaces, CJK anywhere', () => {
    expect(words.find('a BADWORD here')).toBe('Badword');
    expect(words.find('ｂａｄｗｏｒｄ')).toBe('Badword');
    expect(words.find('badwords are fine')).toBeNull();
    expect(words.find('mybadword')).toBeNull();
    expect(words.find('an Evil\n phrase')).toBe('evil   phrase');
    expect(words.find('这是禁止词吗')).toBe('禁止词');
    expect(words.find('')).toBeNull();
  });
  it('treats list entries as text, not patterns', () => {
    const tricky = createForbiddenWords(['a.b', '(x)']);
    expect(tricky.find('aXb')).toBeNull();
    expect(tricky.find('say a.b now')).toBe('a.b');
  });
});

describe('story payload schema', () => {
  it('fills defaults and refuses operator objects, bad ids and script URLs', () => {
    const ok = storyCreateSchema.parse({ story_name: 'x', nodes: [{ node_id: 'n1' }] });
    expect(ok.publish_type).toBe('Draft');
    expect(ok.nodes[0]).toMatchObject({
      node_type: 'Simple',
      content: '',
      end_visible: false,
      bgm_info: null,
    });
    expect(storyCreateSchema.safeParse({ story_name: { $ne: null } }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ story_id: 'abc' }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ nodes: [{ node_id: 'a b' }] }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ logo: 'javascript:alert(1)' }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ logo: '/api/media/0123456789abcdef01234567' }).success).toBe(true);
  });
});

describe('reviewIssues', () => {
  it('maps invalid items to fields with the display reason, the generic reason or the empty tip', () => {
    const story = storyContentSchema.parse({
      story_name: 'Name',
      characters: [{ character_id: 'c1', character_name: 'Mira', settings: 's' }],
      nodes: [{ node_id: 'n1', content: 'text' }],
    });
    const result: StoryReviewResult = {
      characters: [
        {
          character_id: 'c1',
          img: validItem(),
          name: invalidItem('Name not allowed'),
          settings: validItem(),
          style: invalidItem('x'),
        },
      ],
      nodes: [
        {
          node_id: 'n1',
          img: validItem(),
          name: validItem(),
          content: invalidItem(''),
          ending_content: validItem(),
        },
      ],
      summary: validItem(),
      name: validItem(),
      prologue: validItem(),
      introduction: validItem(),
      player: { character_name: validItem(), settings: validItem() },
    };
    expect(reviewIssues(result, story)).toEqual([
      {
        path: 'characters.0.character_name',
        type: ValidationErrorType.ForbiddenWord,
        message: 'Name not allowed',
      },
      { path: 'characters.0.style', type: ValidationErrorType.ForbiddenWord, message: REVIEW_EMPTY_TIP, code: 'reviewEmpty' },
      { path: 'nodes.0.content', type: ValidationErrorType.ForbiddenWord, message: REVIEW_GENERIC_REASON, code: 'reviewGeneric' },
    ]);
  });
});
