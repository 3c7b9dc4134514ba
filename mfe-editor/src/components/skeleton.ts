import { createContext, useContext } from 'react';

/**
 * A template's story skeleton is edited with the story editor's own sections. Inside this context they know the
 * template's text fields (display name by field id): every text box shows a placed field as a chip and offers the
 * fields in its `@` menu; outside it (the story editor) nothing changes.
 */
export const SkeletonFieldsContext = createContext<Readonly<Record<string, string>> | null>(null);

export function useSkeletonFields(): Readonly<Record<string, string>> | null {
  return useContext(SkeletonFieldsContext);
}
