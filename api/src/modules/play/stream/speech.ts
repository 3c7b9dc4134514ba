import { DialogueStatus, ErrorCode, VOICE_OVER_SPEAKER, type LineClip, type SpeechClip } from 'shared-kit';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { DEFAULT_VOICE, speakableText, speakSentence, speechEnabled, warmSpeech } from '../../voice';
import type { PlayableStory } from '../stories/story.source';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { ownPlay, storyOfPlay } from '../session/plays';

/** The part of a reply stream speech needs: events out, and an end. */
export interface EventsOut {
  send(event: string, data: unknown, id?: string): void;
  end(): void;
}

/**
 * Where the first whole sentence of `text` from `from` ends (the index after it and its closing quotes), or -1.
 * A sentence ends at . ! ? … (or their CJK forms) followed by a space or the end of a line, or at a line break.
 */
export function sentenceEnd(text: string, from: number): number {
  const re = /[.!?…。！？]+["'”’)」』]*(?=\s)|[。！？]+["'”’)」』]*|\n/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (speakableText(text.slice(from, end)).length > 0) return end;
  }
  return -1;
}

interface Line {
  seq: number;
  text: string;
  /** How far the text has been handed to speech. */
  spoken: number;
  index: number;
  voice: Promise<string | null>;
}

/** The voice of a dialogue: its character's dubbing, the narrator voice for narration; none for the player's lines. */
async function voiceOf(dialogueId: string, story: PlayableStory): Promise<string | null> {
  const d = await Dialogue.findOne({ dialogue_id: dialogueId }, { role: 1, character_id: 1 }).lean<{ role: string; character_id: string }>();
  if (!d || d.role === 'player' || d.role === 'system') return null;
  const c = story.content;
  if (d.role === 'narrator' || d.character_id === VOICE_OVER_SPEAKER || d.character_id === '') {
    return c.voice_over_dubbing?.dubbing || DEFAULT_VOICE;
  }
  const character = c.characters.find((ch) => ch.character_id === d.character_id);
  return character?.dubbing_show?.dubbing || c.voice_over_dubbing?.dubbing || DEFAULT_VOICE;
}

/**
 * Speech for a reply stream (`stream_reply` with `tts=1`): as `delta` events carry a dialogue's text, each sentence
 * completed is spoken in the speaker's voice, in order, and announced with an `audio` event (its dialogue, the
 * characters of the text it reads, and the clip's URL) right after the text it reads. `done` and the end of the
 * stream wait for the last clip. When the user's daily quota runs out an `audio_limit` event says so (1020302) and
 * the rest of the turn stays silent. Without `tts=1` the stream is returned as it is.
 */
export function withSpeech<E extends EventsOut>(ctx: AppContext, uid: string, story: PlayableStory, events: E): E {
  if (ctx.query.tts !== '1' || !speechEnabled()) return events;
  warmSpeech();
  const lines = new Map<string, Line>();
  let queue: Promise<void> = Promise.resolve();
  let silent = false;
  const log = ctx.state.log;

  const say = (dialogueId: string, line: Line, start: number, end: number): void => {
    const text = line.text.slice(start, end);
    if (speakableText(text) === '') return;
    const index = line.index++;
    queue = queue.then(async () => {
      if (silent) return;
      try {
        const voice = await line.voice;
        if (voice === null) return;
        const clip = await speakSentence(uid, text, voice);
        if (clip === null) {
          silent = true;
          events.send('audio_limit', { status_code: ErrorCode.TtsLimit, status_message: 'Voice playback limit reached today, try tomorrow' });
          return;
        }
        const audio: SpeechClip = { dialogue_id: dialogueId, seq: line.seq, index, start, end, text, voice, url: clip.url, bytes: clip.bytes, mime: clip.mime };
        events.send('audio', audio);
      } catch (err) {
        log.warn({ err, dialogue_id: dialogueId }, 'speech failed');
      }
    });
  };

  const lineOf = (dialogueId: string, seq: number): Line => {
    let line = lines.get(dialogueId);
    if (!line) {
      line = { seq, text: '', spoken: 0, index: 0, voice: voiceOf(dialogueId, story).catch(() => null) };
      lines.set(dialogueId, line);
    }
    return line;
  };

  const speakComplete = (dialogueId: string, line: Line): void => {
    for (let end = sentenceEnd(line.text, line.spoken); end > 0; end = sentenceEnd(line.text, line.spoken)) {
      say(dialogueId, line, line.spoken, end);
      line.spoken = end;
    }
  };

  const wrapped = Object.create(events) as E;
  wrapped.send = (event, data, id) => {
    if (event === 'delta') {
      events.send(event, data, id);
      const d = data as { dialogue_id: string; seq: number; offset: number; text: string };
      const line = lineOf(d.dialogue_id, d.seq);
      line.text = line.text.slice(0, d.offset) + d.text;
      speakComplete(d.dialogue_id, line);
    } else if (event === 'dialogue') {
      events.send(event, data, id);
      const d = data as { dialogue_id: string; seq: number; content?: string };
      const line = lines.get(d.dialogue_id);
      if (line) {
        // The stored text is the truth; the rest of it is the last sentence.
        if (typeof d.content === 'string' && d.content.startsWith(line.text.slice(0, line.spoken))) line.text = d.content;
        speakComplete(d.dialogue_id, line);
        if (line.spoken < line.text.length) say(d.dialogue_id, line, line.spoken, line.text.length);
        line.spoken = line.text.length;
      }
    } else if (event === 'done') {
      queue = queue.then(() => events.send(event, data, id));
    } else {
      events.send(event, data, id);
    }
  };
  wrapped.end = () => {
    void queue.then(() => events.end());
  };
  return wrapped;
}

/** One sentence of a line, spoken: what `audio` events carry, without the stream's bookkeeping. */

/** The sentences of a finished line: each whole sentence, then the rest. */
export function sentencesOf(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let from = 0;
  for (let end = sentenceEnd(text, from); end > 0; end = sentenceEnd(text, from)) {
    out.push({ start: from, end });
    from = end;
  }
  if (speakableText(text.slice(from)) !== '') out.push({ start: from, end: text.length });
  return out;
}

/**
 * `voice/dialogue_audio`: a finished line of the caller's play spoken again, sentence by sentence, in its speaker's
 * voice (the clips the stream made come from the cache). The player's own lines and hidden ones have no clips. Past
 * the day's quota: 1020302 when nothing could be spoken, else the clips spoken before it ran out.
 */
export async function speakDialogue(uid: string, dialogueId: string): Promise<{ dialogue_id: string; clips: LineClip[] }> {
  const d = await Dialogue.findOne({ dialogue_id: dialogueId }).lean<DialogueFields>();
  if (!d) throw new AppError(ErrorCode.RecordNotFound, 'No such line');
  const play = await ownPlay(d.play_id, uid);
  const hidden = d.status === DialogueStatus.SecurityFail || d.status === DialogueStatus.SecurityNotShow;
  if (!d.done || hidden) return { dialogue_id: dialogueId, clips: [] };
  const voice = await voiceOf(dialogueId, await storyOfPlay(play));
  if (voice === null) return { dialogue_id: dialogueId, clips: [] };
  const clips: LineClip[] = [];
  for (const [index, { start, end }] of sentencesOf(d.content).entries()) {
    const text = d.content.slice(start, end);
    const clip = await speakSentence(uid, text, voice);
    if (clip === null) {
      if (clips.length === 0) throw new AppError(ErrorCode.TtsLimit, 'Voice playback limit reached today, try tomorrow');
      break;
    }
    clips.push({ index, start, end, text, voice, url: clip.url, bytes: clip.bytes, mime: clip.mime });
  }
  return { dialogue_id: dialogueId, clips };
}
