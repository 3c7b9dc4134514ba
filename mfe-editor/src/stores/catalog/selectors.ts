import type { DubbingInfo } from '../../api/types';
import type { CatalogState } from './store';

export const selectDubbings = (s: CatalogState) => s.dubbings;
export const selectBgms = (s: CatalogState) => s.bgms;
export const selectImageStyles = (s: CatalogState) => s.imageStyles;
export const selectCatalogStatus = (s: CatalogState) => s.status;
export const selectCatalogError = (s: CatalogState) => s.error;

/** The voice with this id (the store's own object, so a selector returning it is stable). */
export function findDubbing(s: CatalogState, dubbing: string): DubbingInfo | null {
  for (const l of s.dubbings) {
    const info = l.dubbing_infos.find((d) => d.dubbing === dubbing);
    if (info) return info;
  }
  return null;
}
