import { memo, useEffect, useId, useRef, useState, type ClipboardEvent, type JSX, type KeyboardEvent } from 'react';
import { allCharactersMention, characterMention, fieldToken, LIMITS, playerMention } from 'shared-kit';
import { shellToast as toast } from 'shared-kit';
import { editorText, useEditorT } from '../i18n';
import {
  createChip,
  fillEditor,
  insertAtCaret,
  mentionQueryAtCaret,
  repaintChips,
  replaceQueryWithChip,
  serialize,
  type EditorNames,
} from './mentionDom';

export interface MentionOption {
  raw: string;
  label: string;
}

/**
 * The mention menu: the player, all characters, then each character (spec section 3); in a template's skeleton, its
 * text fields after them (or alone, in a plain text).
 */
export function mentionOptions(names: EditorNames): MentionOption[] {
  const fields = Object.entries(names.fields ?? {}).map(([id, name]) => ({ raw: fieldToken(id), label: `[${name}]` }));
  if (names.onlyFields) return fields;
  return [
    { raw: playerMention(), label: names.player },
    { raw: allCharactersMention(), label: names.allCharacters },
    ...Object.entries(names.characters).map(([id, name]) => ({ raw: characterMention(id), label: name || editorText('common.unnamedCharacter') })),
    ...fields,
  ];
}

/** The placeholder shows through a data attribute: a `:has()` selector would restyle the page on every keystroke. */
function markEmpty(el: HTMLElement, text: string): void {
  const empty = text === '' ? 'true' : 'false';
  if (el.dataset.empty !== empty) el.dataset.empty = empty;
}

export interface MentionEditorProps {
  id: string;
  label: string;
  /** The stored text, read when the editor mounts (remount it to replace the text). */
  value: string;
  names: EditorNames;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** One line (a name, a title): Enter adds no line break and pasted breaks become spaces. */
  singleLine?: boolean;
}

/** Props equal but for `value`, which is read when the editor mounts only: a new value is no reason to re-render. */
function sameButValue(a: MentionEditorProps, b: MentionEditorProps): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof MentionEditorProps)[]);
  for (const k of keys) if (k !== 'value' && !Object.is(a[k], b[k])) return false;
  return true;
}

/**
 * A text box where `@` opens a menu of who to mention, and mentions show as chips with display names. It owns its
 * DOM after mounting (uncontrolled), so typing costs one serialisation and one store update, never a re-render of
 * the text (nor of this component: the typed text coming back as `value` is ignored).
 */
export const MentionEditor = memo(function MentionEditor({
  id,
  label,
  value,
  names,
  onChange,
  invalid,
  describedBy,
  placeholder,
  singleLine,
}: MentionEditorProps): JSX.Element {
  const { t } = useEditorT();
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [menu, setMenu] = useState<{ query: string; active: number } | null>(null);
  const namesRef = useRef(names);
  namesRef.current = names;

  useEffect(() => {
    if (ref.current) {
      fillEditor(ref.current, value, namesRef.current);
      markEmpty(ref.current, value);
    }
    // Mount only (value deliberately not a dependency): later renders must not overwrite what is being typed.
  }, []);

  useEffect(() => {
    if (ref.current) repaintChips(ref.current, names);
  }, [names]);

  const options = menu
    ? mentionOptions(names).filter((o) => o.label.toLowerCase().includes(menu.query.toLowerCase()))
    : [];

  function emit(): void {
    if (!ref.current) return;
    const text = serialize(ref.current);
    markEmpty(ref.current, text);
    onChange(text);
  }

  function updateMenu(): void {
    const el = ref.current;
    if (!el) return;
    const q = mentionQueryAtCaret(el);
    setMenu((m) => (q ? { query: q.query, active: m && m.query === q.query ? m.active : 0 } : null));
  }

  function choose(option: MentionOption): void {
    const el = ref.current;
    if (!el) return;
    const anchor = mentionQueryAtCaret(el);
    const chip = createChip(option.raw, names);
    if (anchor) replaceQueryWithChip(el, anchor, chip);
    else insertAtCaret(el, [chip]);
    setMenu(null);
    el.focus();
    emit();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (menu && options.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setMenu({ ...menu, active: (menu.active + step + options.length) % options.length });
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const option = options[menu.active] ?? options[0];
        if (option) choose(option);
        return;
      }
    }
    if (menu && e.key === 'Escape') {
      e.preventDefault();
      setMenu(null);
      return;
    }
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      // Our own line break: the browser's would add <div>s whose meaning differs between browsers.
      e.preventDefault();
      if (singleLine) return;
      if (ref.current) insertAtCaret(ref.current, [document.createTextNode('\n')]);
      emit();
    }
  }

  function onPaste(e: ClipboardEvent<HTMLDivElement>): void {
    e.preventDefault();
    let text = e.clipboardData.getData('text/plain');
    if (text.length > LIMITS.clipboardPaste) {
      toast({ type: 'warning', message: editorText('issues.pasteMax', { max: LIMITS.clipboardPaste }) });
      text = text.slice(0, LIMITS.clipboardPaste);
    }
    if (singleLine) text = text.replace(/\s*\n\s*/g, ' ');
    if (ref.current && text) insertAtCaret(ref.current, [document.createTextNode(text)]);
    emit();
  }

  const active = menu && options.length > 0 ? options[Math.min(menu.active, options.length - 1)] : undefined;
  return (
    <div className="editor-mention">
      <div
        ref={ref}
        id={id}
        className={singleLine ? 'ui-input editor-mention__box editor-mention__box--line' : 'ui-input ui-textarea editor-mention__box'}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline={singleLine ? 'false' : 'true'}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={menu ? listId : undefined}
        aria-activedescendant={active ? `${listId}-${options.indexOf(active)}` : undefined}
        data-placeholder={placeholder}
        tabIndex={0}
        onInput={() => {
          emit();
          updateMenu();
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') updateMenu();
        }}
        onBlur={() => setMenu(null)}
        onPaste={onPaste}
      />
      {menu && options.length > 0 ? (
        <ul id={listId} role="listbox" aria-label={t('fields.mentionList')} className="ui-popover editor-mention__menu">
          {options.map((o, i) => (
            <li
              key={o.raw}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o === active}
              className={o === active ? 'ui-menu__item editor-mention__item--active' : 'ui-menu__item'}
              // mousedown, not click: the editor must keep its caret (a click would blur it first).
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              @{o.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}, sameButValue);
