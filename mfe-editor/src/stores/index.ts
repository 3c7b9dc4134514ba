import { resetAudioStore } from './audio/store';
import { resetMediaOptionsStore } from './mediaOptions/store';
import { resetEditorStore } from './editor/store';
import { resetWorksStore } from './works/store';
import { resetMyVoicesStore } from './voices/store';

/** Every store of the editor remote back to its initial state (between tests). */
export function resetEditorStores(): void {
  resetEditorStore();
  resetWorksStore();
  resetMediaOptionsStore();
  resetAudioStore();
  resetMyVoicesStore();
}
