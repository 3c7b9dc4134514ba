import { unwrap, type DialogueAudio, type DialogueAudioQuery, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

/** A finished line of one's own play spoken again (its row's play button); clips the stream made come cached. */
export function dialogueAudio(dialogueId: string): Promise<DialogueAudio> {
  return unwrap(apiClient.get<Envelope<DialogueAudio>>('/voice/dialogue_audio', { params: { dialogue_id: dialogueId } satisfies DialogueAudioQuery, silent: true }));
}
