import type { JSX, ReactNode } from 'react';
import { Checkbox } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import type { ThreadGroupsView } from '../../services/thread.service';
import './threads.css';

export type PickGroup = ThreadGroupsView['groups'][number];

/** The first words of a turn: the player's line, else the first reply. */
function gist(lines: PickGroup['lines']): string {
  const line = lines.find((l) => l.role === 'player') ?? lines[0];
  return line ? line.content.slice(0, 140) : '';
}

/**
 * A play's turns with checkboxes, as `thread/groups` offers them (a turn that cannot be shared is shown disabled with
 * the reason): what a thread is made of, and a video. `testId` names the list (`<testId>-groups`) and its turns.
 */
export function TurnPicker({
  groups,
  chosen,
  onChange,
  legend,
  testId = 'thread',
}: {
  groups: PickGroup[];
  chosen: string[];
  onChange: (next: string[]) => void;
  legend: ReactNode;
  testId?: string;
}): JSX.Element {
  const { t } = usePlayerT();
  return (
    <fieldset className="thread-fieldset">
      <legend>{legend}</legend>
      <ul className="thread-groups" data-testid={`${testId}-groups`}>
        {groups.map((g, i) => {
          const on = chosen.includes(g.group_id);
          return (
            <li key={g.group_id} className={`thread-group${g.sharable ? '' : ' thread-group--blocked'}`} data-testid={`${testId}-group`}>
              <Checkbox
                label={`#${i + 1} ${gist(g.lines)}`}
                checked={on}
                disabled={!g.sharable}
                aria-describedby={g.sharable ? undefined : `${testId}-why-${i}`}
                onCheckedChange={(next) => onChange(next ? [...chosen, g.group_id] : chosen.filter((x) => x !== g.group_id))}
              />
              {g.sharable ? null : (
                <p id={`${testId}-why-${i}`} className="thread-group__why">
                  {t(`thread.reasons.${g.reason || 'flagged'}`)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
