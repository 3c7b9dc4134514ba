import type { JSX } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { StoryReviewResult } from 'shared-kit';
import { i18n } from 'ui-kit';
import App from '../src/App';
import { OPS_NS } from '../src/i18n';
import * as moderationService from '../src/services/moderation.service';
import * as opsService from '../src/services/ops.service';

function Where(): JSX.Element {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/**
 * Renders the console at `path` (a test file mocks the services it calls). With `showPath`, a line with the test id
 * `where` shows the address the console has moved to.
 */
export function renderConsoleAt(path: string, { showPath = false } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/ops/*" element={<App />} />
      </Routes>
      {showPath ? <Where /> : null}
    </MemoryRouter>,
  );
}

type Permissions = Awaited<ReturnType<typeof moderationService.fetchMe>>['permissions'];

/**
 * A console test file's hooks (it mocks the ops and moderation services): the console's copy loaded once; before
 * each test every mock reset, an empty review queue and, given `permissions`, an operator who has them.
 */
export function useConsoleTests(permissions?: Permissions): void {
  beforeAll(async () => {
    await i18n.loadNamespaces(OPS_NS);
  });
  beforeEach(() => {
    jest.resetAllMocks();
    jest.mocked(opsService).fetchQueue.mockResolvedValue({ list: [] });
    if (permissions) jest.mocked(moderationService).fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions });
  });
}

/** A review check that passed, and one refused for `reason`. */
export const passed = { is_valid: true, extra: null };
export const refused = (reason: string) => ({ is_valid: false, extra: { simple_reason: { display_reason: reason } } });

/** A story's review result where every check passed but the summary's, refused for `reason`. */
export function summaryRefused(reason: string): StoryReviewResult {
  return {
    characters: [{ character_id: 'c1', img: passed, name: passed, settings: passed, style: passed }],
    nodes: [{ node_id: 'n1', img: passed, name: passed, content: passed, ending_content: passed }],
    summary: refused(reason),
    name: passed,
    prologue: passed,
    introduction: passed,
    player: { character_name: passed, settings: passed },
  };
}
