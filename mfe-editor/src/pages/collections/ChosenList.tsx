import { useRef, useState, type JSX } from 'react';
import type { CollectionCreation } from 'shared-kit';
import { Button } from 'ui-kit';
import { useEditorT } from '../../i18n';

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The creations in the collection, in order: each can be moved up or down with its buttons (keyboard) or dragged to
 * another place, and removed. A move is announced to screen readers.
 */
export function ChosenList({
  items,
  onChange,
}: {
  items: CollectionCreation[];
  onChange: (next: CollectionCreation[]) => void;
}): JSX.Element {
  const { t } = useEditorT();
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const focusAfter = useRef<string | null>(null);
  const reorder = (from: number, to: number, how: 'up' | 'down' | 'drag') => {
    const next = move(items, from, to);
    if (next === items) return;
    const name = items[from]!.story_name;
    setSaid(`${name}: ${to + 1} / ${items.length}`);
    if (how !== 'drag') focusAfter.current = `${items[from]!.story_id}:${how}`;
    onChange(next);
  };
  return (
    <>
      <ol className="collections-chosen" data-testid="collection-chosen">
        {items.map((c, i) => (
          <li
            key={c.story_id}
            className={`collections-chosen__item${over === i ? ' collections-chosen__item--over' : ''}`}
            draggable
            data-testid="collection-chosen-item"
            data-story-id={c.story_id}
            onDragStart={(e) => {
              dragged.current = i;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', c.story_id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              setOver(null);
              if (dragged.current !== null) reorder(dragged.current, i, 'drag');
              dragged.current = null;
            }}
            onDragEnd={() => setOver(null)}
          >
            <span className="collections-chosen__handle" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="collections-chosen__pos">{i + 1}.</span>
            {c.logo ? (
              <img src={c.logo} alt="" className="collections-thumb" />
            ) : (
              <span className="collections-thumb" aria-hidden="true" />
            )}
            <span className="collections-chosen__name">
              {c.story_name}{' '}
              <span className="ui-text-muted">
                {t('collections.kindOf', { kind: c.is_bot ? t('collections.bot') : t('collections.story') })}
              </span>
            </span>
            <span className="ui-row collections-chosen__actions">
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('collections.moveUp', { name: c.story_name })}
                disabled={i === 0}
                ref={(el: HTMLButtonElement | null) => {
                  if (el && focusAfter.current === `${c.story_id}:up`) {
                    focusAfter.current = null;
                    el.focus();
                  }
                }}
                onClick={() => reorder(i, i - 1, 'up')}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('collections.moveDown', { name: c.story_name })}
                disabled={i === items.length - 1}
                ref={(el: HTMLButtonElement | null) => {
                  if (el && focusAfter.current === `${c.story_id}:down`) {
                    focusAfter.current = null;
                    el.focus();
                  }
                }}
                onClick={() => reorder(i, i + 1, 'down')}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('collections.removeNamed', { name: c.story_name })}
                onClick={() => onChange(items.filter((x) => x.story_id !== c.story_id))}
              >
                {t('collections.remove')}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <p className="ui-visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
}
