import type { JSX } from 'react';
import { ChaptersSection } from './ChaptersSection';
import { CharactersSection } from './CharactersSection';
import { GraphSection } from './GraphSection';
import { PlayerSection } from './PlayerSection';
import { PrologueSection } from './PrologueSection';
import { SettingsSection } from './SettingsSection';
import { SummarySection } from './SummarySection';

/** A story's sections in the editor's order, on the story store (a story, or a template's story skeleton). */
export function StorySections(): JSX.Element {
  return (
    <>
      <CharactersSection />
      <PlayerSection />
      <PrologueSection />
      <ChaptersSection />
      <GraphSection />
      <SummarySection />
      <SettingsSection />
    </>
  );
}
