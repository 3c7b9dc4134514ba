import { ValidationErrorType, type StoryIssue } from 'shared-kit';
import { orderIssues } from './issueOrder';

const issue = (path: string): StoryIssue => ({ path, type: ValidationErrorType.Required, message: 'This field is required' });

describe('orderIssues', () => {
  it('puts a missing character, then a missing chapter, before the fields, which keep their order', () => {
    const found = ['prologue.character_id', 'prologue.content', 'nodes', 'voice_over_dubbing', 'characters', 'story_name'].map(issue);
    expect(orderIssues(found).map((i) => i.path)).toEqual([
      'characters',
      'nodes',
      'prologue.character_id',
      'prologue.content',
      'voice_over_dubbing',
      'story_name',
    ]);
  });

  it('leaves field problems in the order the rules found them and does not change its input', () => {
    const found = ['characters.0.character_name', 'summary', 'nodes.1.content', 'story_name'].map(issue);
    const copy = [...found];
    expect(orderIssues(found)).toEqual(found);
    expect(found).toEqual(copy);
  });
});
