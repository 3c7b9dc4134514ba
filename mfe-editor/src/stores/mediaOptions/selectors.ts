import type { DubbingInfo } from '../../api/types';
import type { MediaOptionsState } from './store';

export const selectDubbings = (s: MediaOptionsState) => s.dubbings;
export const selectBgms = (s: MediaOptionsState) => s.bgms;
export const selectImageStyles = (s: MediaOptionsState) => s.imageStyles;
export const selectMediaOptionsStatus = (s: MediaOptionsState) => s.status;
export const selectMediaOptionsError = (s: MediaOptionsState) => s.error;

/** The voice with this id (the store's own object, so a selector returning it is stable). */
export function findDubbing(s: MediaOptionsState, dubbing: string): DubbingInfo | null {
  for (const l of s.dubbings) {
    const info = l.dubbing_infos.find((d) => d.dubbing === dubbing);
    if (info) return info;
  }
  return null;
}
