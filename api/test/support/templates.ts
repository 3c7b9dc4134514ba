import type { TemplateCreateInput } from 'shared-kit';
import { storyPayload } from '../editor.support';

/** A template that passes every publish rule: one text field placed twice, one picture for a character. */
export function templateBody(over: Partial<TemplateCreateInput> = {}): TemplateCreateInput {
  const story = storyPayload({
    story_name: 'The @{field_place} Lighthouse',
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: 'Arrival',
        content: 'You reach @{field_place} and meet @{character_c1}.',
        ending_content: 'Find the keeper.',
        end_visible: true,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
  });
  return {
    name: 'Lighthouse',
    emoji: '🗼',
    description: 'A keeper, a storm and a place you name.',
    category: 'mystery',
    fields: [
      { field_id: 'place', name: 'Place', type: 'text', box: 'short', placeholder: 'An island', max_length: 20, is_optional: false },
      { field_id: 'face', name: 'Keeper picture', type: 'image', is_optional: true, target: { kind: 'character', id: 'c1' } },
    ],
    story,
    status: 'Published',
    ...over,
  };
}
