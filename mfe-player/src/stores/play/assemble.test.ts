import { DialogueStatus, DialogueType } from 'shared-kit';
import { aDialogue } from '../../testing/fixtures';
import { applyDelta, isHidden, isLogRow, optionsOf, resumePoint, rewindTarget, settleFrom, trimAfter, trimRetracted, upsertDialogues } from './assemble';

describe('dialogue assembly', () => {
  it('keeps one entry per sequence number, ordered, whatever order they arrive in', () => {
    const list = upsertDialogues([aDialogue(3)], [aDialogue(1), aDialogue(2), aDialogue(3, { content: 'stored' })]);
    expect(list.map((d) => [d.seq, d.content])).toEqual([
      [1, 'line 1'],
      [2, 'line 2'],
      [3, 'stored'],
    ]);
  });

  it('keeps a finished dialogue when an unfinished copy of it comes later', () => {
    const finished = aDialogue(4, { content: 'The lamp is lit.', character_name: 'Maren Holt' });
    // A snapshot read while it was written, or a send's empty stand-in answered after the stream finished it.
    const list = upsertDialogues([finished], [aDialogue(4, { content: 'The lamp', done: false }), aDialogue(5, { content: '', done: false })]);
    expect(list[0]).toEqual(finished);
    expect(list.map((d) => d.seq)).toEqual([4, 5]);
    // Another dialogue at that number (a rewind and a new turn) still replaces it.
    expect(upsertDialogues([finished], [aDialogue(4, { dialogue_id: 'x4', content: '', done: false })])[0]!.dialogue_id).toBe('x4');
  });

  it('builds a reply from deltas at their offsets', () => {
    let list = [aDialogue(4, { content: '', done: false })];
    for (const [offset, text] of [
      [0, 'The '],
      [4, 'lamp '],
      [9, 'is lit.'],
    ] as const) {
      const out = applyDelta(list, { dialogue_id: 'd4', offset, text });
      expect(out.applied).toBe(true);
      list = out.list as typeof list;
    }
    expect(list[0]!.content).toBe('The lamp is lit.');
  });

  it('replaces the overlap when a resumed stream repeats text, and never shrinks what is shown', () => {
    const list = [aDialogue(4, { content: 'The lamp', done: false })];
    const overlap = applyDelta(list, { dialogue_id: 'd4', offset: 4, text: 'lamp is lit' });
    expect(overlap.list[0]!.content).toBe('The lamp is lit');
    const stale = applyDelta(overlap.list, { dialogue_id: 'd4', offset: 0, text: 'The' });
    expect(stale.list[0]!.content).toBe('The lamp is lit');
  });

  it('refuses a delta past the end (missed text) and one for an unknown dialogue', () => {
    const list = [aDialogue(4, { content: 'The', done: false })];
    expect(applyDelta(list, { dialogue_id: 'd4', offset: 10, text: 'x' })).toMatchObject({ applied: false, reason: 'gap' });
    expect(applyDelta(list, { dialogue_id: 'nope', offset: 0, text: 'x' })).toMatchObject({ applied: false, reason: 'unknown' });
  });

  it('keeps streamed text when an older stored snapshot of the same reply arrives', () => {
    const list = [aDialogue(4, { content: 'The lamp is', done: false })];
    const merged = upsertDialogues(list, [aDialogue(4, { content: 'The', done: false, character_id: 'ezra' })]);
    expect(merged[0]).toMatchObject({ content: 'The lamp is', character_id: 'ezra' });
  });

  it('a delta whose overlap differs from what is shown replaces the text from its offset', () => {
    const list = [aDialogue(4, { content: 'The lamp is lit', done: false })];
    expect(applyDelta(list, { dialogue_id: 'd4', offset: 4, text: 'wick' }).list[0]!.content).toBe('The wick');
  });

  it('drops rows past the last sequence number the server says the play used', () => {
    const list = [aDialogue(1), aDialogue(2), aDialogue(3, { type: DialogueType.Input, role: 'player' }), aDialogue(4, { content: 'The lamp', done: false })];
    expect(trimRetracted(list, 2).map((d) => d.seq)).toEqual([1, 2]);
    expect(trimRetracted(list, 4)).toEqual(list);
    expect(trimRetracted(list, undefined)).toEqual(list);
  });

  it('settles streamed text against the stored rows: the stored text stands, taken-back rows go', () => {
    const shown = [
      aDialogue(1),
      aDialogue(2, { type: DialogueType.Input, role: 'player', content: 'Draw' }),
      // Streamed, then stopped by moderation: the record hides it.
      aDialogue(3, { content: 'She draws a ', done: false }),
      // Streamed for a turn the server then did not keep.
      aDialogue(4, { dialogue_id: 'x4', content: 'Ghost words', done: false }),
    ];
    const stored = [aDialogue(2, { type: DialogueType.Input, role: 'player', content: 'Draw' }), aDialogue(3, { content: '', status: DialogueStatus.SecurityFail })];
    const settled = settleFrom(shown, 2, { dialogues: stored, has_more_after: false, last_seq: 4 });
    expect(settled.map((d) => [d.seq, d.content, d.status])).toEqual([
      [1, 'line 1', DialogueStatus.Normal],
      [2, 'Draw', DialogueStatus.Normal],
      [3, '', DialogueStatus.SecurityFail],
    ]);
    // A finished reply the server stored shorter than what was streamed is shown as stored.
    const cut = settleFrom([aDialogue(3, { content: 'Hold on, the lamp', done: false })], 3, { dialogues: [aDialogue(3, { content: 'Hold on.' })], has_more_after: false, last_seq: 3 });
    expect(cut.map((d) => d.content)).toEqual(['Hold on.']);
  });

  it('keeps rows a partial page did not reach, finished rows, and streamed text a stale snapshot lags behind', () => {
    const shown = [aDialogue(3, { content: 'The lamp is', done: false }), aDialogue(5), aDialogue(9, { content: 'Later', done: false })];
    const settled = settleFrom(shown, 3, { dialogues: [aDialogue(3, { content: 'The', done: false })], has_more_after: true, last_seq: 9 });
    expect(settled.map((d) => [d.seq, d.content])).toEqual([
      [3, 'The lamp is'],
      [5, 'line 5'],
      [9, 'Later'],
    ]);
  });

  it('resumes at the first unfinished dialogue and its shown length, else after the last', () => {
    const list = [aDialogue(3, { type: DialogueType.Input, role: 'player' }), aDialogue(4, { content: 'Half a rep', done: false })];
    expect(resumePoint(list, 3)).toEqual({ seqSt: 4, offset: 10 });
    expect(resumePoint([aDialogue(3), aDialogue(4)], 3)).toEqual({ seqSt: 5, offset: 0 });
  });

  it('trims everything after a backtrack point and rewinds to the dialogue before a message', () => {
    const list = [1, 2, 3, 4, 5].map((n) => aDialogue(n));
    expect(trimAfter(list, 3).map((d) => d.seq)).toEqual([1, 2, 3]);
    expect(rewindTarget(list, 4)?.seq).toBe(3);
    expect(rewindTarget(list, 1)).toBeUndefined();
  });

  it('reads options as a JSON array or lines, and hides moderated entries', () => {
    expect(optionsOf(aDialogue(1, { content: '["Climb", "Wait"]' }))).toEqual(['Climb', 'Wait']);
    expect(optionsOf(aDialogue(1, { content: 'Climb\n\nWait\n' }))).toEqual(['Climb', 'Wait']);
    expect(isHidden(aDialogue(1, { status: DialogueStatus.SecurityFail }))).toBe(true);
    expect(isHidden(aDialogue(1))).toBe(false);
  });

  it('gives a row of the log to what shows there: not options, an empty objective or bookkeeping', () => {
    expect(isLogRow(aDialogue(1))).toBe(true);
    expect(isLogRow(aDialogue(2, { type: DialogueType.Input, role: 'player' }))).toBe(true);
    expect(isLogRow(aDialogue(3, { type: DialogueType.ChapterTarget, content: 'Light the lamp.' }))).toBe(true);
    expect(isLogRow(aDialogue(4, { type: DialogueType.ChapterTarget, content: '' }))).toBe(false);
    expect(isLogRow(aDialogue(5, { type: DialogueType.FixedOptions, content: '["Yes","No"]' }))).toBe(false);
    expect(isLogRow(aDialogue(6, { type: DialogueType.Summary, content: 'So far.' }))).toBe(false);
    // A hidden line says so in its row, whatever it was.
    expect(isLogRow(aDialogue(7, { type: DialogueType.FixedOptions, status: DialogueStatus.SecurityFail }))).toBe(true);
  });
});
