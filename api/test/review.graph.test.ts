import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reviewIssues, StoryStatus, type StoryContent, type StoryCreateInput, type StoryReviewResult } from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import { StoryVersion } from '../src/modules/stories/storyVersion.model';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, waitForStory } from './editor.support';
import { graphPayload } from './support/graphStories';

/*
 * The automated review reads every text of a branching story players see or the director works from: option texts,
 * ending texts, judge outcomes, director rules and the variables' names and labels. A listed word in only one of
 * them fails the story, names that item, and the editor's issues point at its node.
 */

interface GotStory {
  story_info: { status: number };
  review_result: StoryReviewResult | null;
}

type Change = (p: StoryCreateInput & { nodes: NonNullable<StoryCreateInput['nodes']> }) => void;
const nodeOf = (p: Parameters<Change>[0], id: string) => p.nodes.find((n) => n.node_id === id)!;

describe('review: the texts of a graph', () => {
  let api: TestApi;
  let alice: CookieClient;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'words-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, 'zorblax\n');
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra } });
    alice = await signInByPhone(api.baseUrl, '+12025550461', ADULT);
  });
  afterAll(async () => {
    await api.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function published(change?: Change) {
    const payload = graphPayload() as Parameters<Change>[0];
    change?.(payload);
    const res = await save(alice, { ...payload, publish_type: 'Publish' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
    const done = await waitForStory<GotStory>(alice, res.body.data!.story_id, (d) => d.story_info.status !== StoryStatus.ToVerify);
    const version = await StoryVersion.findOne({ version_id: res.body.data!.version_id }).lean();
    const content = storyContentSchema.parse((version as unknown as { content: unknown }).content) as StoryContent;
    return { done, result: done.review_result!, notes: version!.review_notes, content };
  }

  it('passes a clean graph with an item for every option, rule and variable', async () => {
    const { done, result } = await published();
    expect(done.story_info.status).toBe(StoryStatus.Passed);
    const choice = result.nodes.find((n) => n.node_id === 'c1')!;
    expect(choice.options!.map((o) => [o.option_id, o.text.is_valid])).toEqual([['o1', true], ['o2', true]]);
    expect(result.nodes.find((n) => n.node_id === 'n1')!.rules!.map((r) => r.when.is_valid)).toEqual([true]);
    expect(result.variables!.map((v) => [v.name, v.label.is_valid])).toEqual([['trust', true], ['has_key', true]]);
    // Nodes without such texts carry no extra items.
    expect(result.nodes.find((n) => n.node_id === 's1')).not.toHaveProperty('options');
  });

  it.each<[string, Change, (r: StoryReviewResult) => boolean | undefined, string, string | undefined]>([
    ['an option text', (p) => { nodeOf(p, 'c1').options![1]!.text = 'Use the zorblax key'; },
      (r) => r.nodes.find((n) => n.node_id === 'c1')!.options![1]!.text.is_valid, 'nodes.1.options.1', 'c1'],
    ['a Fail ending text', (p) => { nodeOf(p, 'f1').content = 'The zorblax takes you.'; },
      (r) => r.nodes.find((n) => n.node_id === 'f1')!.content.is_valid, 'nodes.5.content', undefined],
    ['a Success ending text', (p) => { nodeOf(p, 's1').content = 'The zorblax keeper trusts you.'; },
      (r) => r.nodes.find((n) => n.node_id === 's1')!.content.is_valid, 'nodes.4.content', undefined],
    ['a judge outcome', (p) => {
      Object.assign(nodeOf(p, 'j1'), { judge_mode: 'outcomes', routes: [{ route_id: 'high', outcome: 'The player is kind' }, { route_id: 'low', outcome: 'The player is a zorblax' }] });
      p.edges!.find((e) => e.handle === 'otherwise')!.handle = 'low';
    }, (r) => r.nodes.find((n) => n.node_id === 'j1')!.outcomes![1]!.outcome.is_valid, 'nodes.3.routes.1', 'j1'],
    ['a director rule', (p) => { nodeOf(p, 'n1').rules![0]!.when = 'the player says zorblax'; },
      (r) => r.nodes.find((n) => n.node_id === 'n1')!.rules![0]!.when.is_valid, 'nodes.0.rules.0', 'n1'],
    ['a variable label shown to players', (p) => { p.variables![0]!.label = 'Zorblax meter'; },
      (r) => r.variables![0]!.label.is_valid, 'variables.0', undefined],
  ])('fails a graph whose only listed word is in %s, naming that item', async (_what, change, itemValid, issuePath, nodeId) => {
    const { done, result, notes, content } = await published(change);
    expect(done.story_info.status).toBe(StoryStatus.Failed);
    expect(itemValid(result)).toBe(false);
    expect(notes.join('\n')).toMatch(/zorblax/);
    // Every other item stayed valid: the word was found where it is, nowhere else.
    const invalid = JSON.stringify(result).match(/"is_valid":false/g) ?? [];
    expect(invalid).toHaveLength(1);
    // The editor's issues name the field, and the node when the text belongs to one in the Story map.
    const issues = reviewIssues(result, content);
    expect(issues).toEqual([expect.objectContaining({ path: issuePath, ...(nodeId ? { node_id: nodeId } : {}) })]);
  });
});
