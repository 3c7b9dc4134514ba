import { creatorStatusOf, DisplayStatus, type Lorebook, type StoryCharacter, type StoryContent, type StoryDetail, type StoryListItem } from 'shared-kit';
import type { StoryRecord, StoryVersionRecord } from '../stories';
import { graphOf, nodeGraphOf } from './graph.presenter';

/** The content fields in payload order, copied so nothing server-side (uid, leases) leaks into a response. */
export function contentOf(c: StoryContent): StoryContent {
  return {
    story_gen_type: c.story_gen_type,
    story_name: c.story_name,
    introduction: c.introduction,
    story_setting_visible: c.story_setting_visible,
    image_generate_style: c.image_generate_style ? { code: c.image_generate_style.code } : null,
    logo: c.logo,
    loading_background: c.loading_background,
    characters: c.characters.map((ch) => ({
      character_id: ch.character_id,
      character_name: ch.character_name,
      settings: ch.settings,
      style: ch.style,
      character_url: ch.character_url,
      dubbing_show: {
        dubbing: ch.dubbing_show.dubbing,
        language: ch.dubbing_show.language,
        ...(ch.dubbing_show.dubbing_desc === undefined || ch.dubbing_show.dubbing_desc === null
          ? {}
          : { dubbing_desc: ch.dubbing_show.dubbing_desc }),
      },
      type: ch.type,
      ...cardExtrasOf(ch),
    })),
    player: { character_name: c.player.character_name, settings: c.player.settings },
    prologue: { character_id: c.prologue.character_id, content: c.prologue.content },
    nodes: c.nodes.map((n) => ({
      node_id: n.node_id,
      node_type: n.node_type,
      name: n.name,
      content: n.content,
      ending_content: n.ending_content,
      end_visible: n.end_visible,
      background_url: n.background_url,
      bgm_info: n.bgm_info ? { vid: n.bgm_info.vid, music_style: n.bgm_info.music_style } : null,
      image_generate_style: n.image_generate_style ? { code: n.image_generate_style.code } : null,
      ...nodeGraphOf(n),
    })),
    summary: c.summary,
    voice_over_dubbing: { dubbing: c.voice_over_dubbing.dubbing, language: c.voice_over_dubbing.language },
    ...(c.lorebook ? { lorebook: lorebookOf(c.lorebook) } : {}),
    ...graphOf(c),
  };
}

/** A character card's extras, only those the character has (absent ones stay absent, so old stories read alike). */
function cardExtrasOf(ch: StoryCharacter): Pick<StoryCharacter, 'alternate_greetings' | 'creator_notes' | 'tags'> {
  return {
    ...(Array.isArray(ch.alternate_greetings) ? { alternate_greetings: [...ch.alternate_greetings] } : {}),
    ...(typeof ch.creator_notes === 'string' ? { creator_notes: ch.creator_notes } : {}),
    ...(Array.isArray(ch.tags) ? { tags: [...ch.tags] } : {}),
  };
}

export function lorebookOf(b: Lorebook): Lorebook {
  return {
    name: b.name,
    description: b.description,
    scan_depth: b.scan_depth,
    token_budget: b.token_budget,
    recursive_scanning: b.recursive_scanning,
    entries: b.entries.map((e) => ({
      entry_id: e.entry_id,
      name: e.name,
      keys: [...e.keys],
      secondary_keys: [...e.secondary_keys],
      selective: e.selective,
      selective_logic: e.selective_logic,
      constant: e.constant,
      content: e.content,
      insertion_order: e.insertion_order,
      priority: e.priority,
      position: e.position,
      depth: e.depth,
      case_sensitive: e.case_sensitive,
      use_regex: e.use_regex ?? false,
      enabled: e.enabled,
    })),
  };
}

const displayStatusOf = (story: StoryRecord): DisplayStatus =>
  story.live_version_id ? DisplayStatus.Published : DisplayStatus.Draft;

/**
 * `story/get`: the story as spec section 7 lists it. `version` is the published version when one was asked for,
 * else the working copy.
 */
export function presentStory(story: StoryRecord, version: StoryVersionRecord | null): StoryDetail {
  const c = contentOf(version ? version.content : story);
  return {
    story_id: story.story_id,
    story_info: {
      story_name: c.story_name,
      introduction: c.introduction,
      status: version ? version.status : story.status,
      creator_status: creatorStatusOf(version ? version.status : story.status),
      display_status: displayStatusOf(story),
      image_generate_style: c.image_generate_style,
      brain_storm_idea: story.brain_storm_idea ?? '',
      story_gen_type: c.story_gen_type,
      voice_over_dubbing: c.voice_over_dubbing,
      fail_msg: version ? null : story.fail_msg,
      generate_logo_image_error: false,
      logo_character_id: '',
      logo_node_id: '',
      story_setting_visible: c.story_setting_visible,
    },
    logo: c.logo,
    loading_background: c.loading_background,
    version: { version_id: version ? version.version_id : story.version_id },
    characters: c.characters,
    nodes: c.nodes,
    prologue: c.prologue,
    player: c.player,
    summary: c.summary,
    review_result: version ? version.review_result : story.review_result,
    plan_info: { estimated_time: 0, duration: 0, estimated_pieces: 0 },
    permission: {
      character_use: story.permission.character_use,
      thread_share: story.permission.thread_share,
    },
    // The editor saves the lorebook it loaded: without it here, the next save would remove it.
    ...(c.lorebook ? { lorebook: c.lorebook } : {}),
    // Likewise the graph: a story of chapters has none, and reads as a line (shared-kit storyGraph).
    ...(c.edges ? { edges: c.edges } : {}),
    ...(c.variables ? { variables: c.variables } : {}),
  };
}

/** One row of My Story. */
export function presentListItem(story: StoryRecord): StoryListItem {
  return {
    story_id: story.story_id,
    story_name: story.story_name,
    logo: story.logo,
    status: story.status,
    creator_status: creatorStatusOf(story.status),
    display_status: displayStatusOf(story),
    story_gen_type: story.story_gen_type,
    version_id: story.version_id,
    is_top: story.top_at !== null,
    updated_at: story.updated_at.toISOString(),
    created_at: story.created_at.toISOString(),
  };
}
