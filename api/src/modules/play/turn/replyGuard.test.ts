import { ReplyGuard, replyWordList } from './replyGuard';

const list = replyWordList(['grimblade', 'ash wraith', '禁止']);

/** Feeds chunks and returns what was released, and the word it tripped on. */
function run(chunks: string[]): { shown: string; flagged: string | null; steps: string[] } {
  const guard = new ReplyGuard(list);
  const steps: string[] = [];
  for (const c of chunks) {
    const step = guard.push(c);
    if (step.flagged) return { shown: guard.shown, flagged: step.flagged, steps };
    steps.push(step.release);
  }
  const last = guard.finish();
  if (!last.flagged) steps.push(last.release);
  return { shown: guard.shown, flagged: last.flagged, steps };
}

describe('ReplyGuard', () => {
  it('lets ordinary words through as they come, without holding any back', () => {
    const r = run(['The ', 'keeper', ' lights', ' the lamp.']);
    expect(r.steps).toEqual(['The ', 'keeper', ' lights', ' the lamp.', '']);
    expect(r.flagged).toBeNull();
  });

  it('holds back the start of a listed word until the next chunk settles it', () => {
    const guard = new ReplyGuard(list);
    expect(guard.push('She draws a grim').release).toBe('She draws a ');
    const step = guard.push('blade.');
    expect(step.flagged).toBe('grimblade');
    expect(guard.shown).toBe('She draws a ');
    // Once tripped, nothing more is ever released.
    expect(guard.push(' And smiles.')).toEqual({ release: '', flagged: 'grimblade' });
    expect(guard.finish().flagged).toBe('grimblade');
  });

  it('releases a held start that turns into another word', () => {
    const r = run(['A grim', ' night', ' and a grimbladesmith.']);
    expect(r.flagged).toBeNull();
    expect(r.shown).toBe('A grim night and a grimbladesmith.');
    expect(r.steps[0]).toBe('A ');
  });

  it('catches a phrase split over chunks, with any spacing, in any case', () => {
    const r = run(['The ', 'ASH', '   ', 'Wraith', ' rises.']);
    expect(r.flagged).toBe('ash wraith');
    expect(r.shown).toBe('The ');
  });

  it('trips on a listed word that ends the reply', () => {
    expect(run(['Beware the ', 'grimblade'])).toMatchObject({ flagged: 'grimblade', shown: 'Beware the ' });
  });

  it('matches words of unspaced scripts anywhere', () => {
    expect(run(['这是', '禁', '止的'])).toMatchObject({ flagged: '禁止', shown: '这是' });
  });

  it('with empty lists releases everything at once', () => {
    const guard = new ReplyGuard(replyWordList([]));
    expect(guard.push('grim').release).toBe('grim');
    expect(guard.finish()).toEqual({ release: '', flagged: null });
  });
});
