import { mentionDisplayName, parseMentions, splitFields, splitMentions, type Mention, type MentionNames } from 'shared-kit';

/*
 * The DOM of a mention editor: plain text nodes and non-editable chips (`<span data-mention="@{player}">`). The
 * stored text is the placeholders; the chips show display names, so renaming a character renames every chip.
 * In a template's skeleton, a placed text field (`@{field_<id>}`) is a chip too, showing `[Field name]`.
 */

export const DELETED_TAG = 'deleted';

/** The names an editor shows: the story's mentions, and in a template's skeleton its text fields by id. */
export interface EditorNames extends MentionNames {
  /** A template's text fields (display name by field id): their placeholders show as chips and the menu offers them. */
  fields?: Readonly<Record<string, string>>;
  /** A plain text of the skeleton (a name, a title): the menu offers the fields only, not characters. */
  onlyFields?: boolean;
}

const FIELD_RAW = /^@\{field_([A-Za-z0-9_-]{1,64})\}$/;

/** The text split into plain runs and chips: mentions, and the placed fields when the editor knows fields. */
export function splitChips(value: string, names: EditorNames): Array<{ type: 'text'; text: string } | { type: 'chip'; raw: string }> {
  const out: Array<{ type: 'text'; text: string } | { type: 'chip'; raw: string }> = [];
  for (const s of splitMentions(value)) {
    if (s.type === 'mention') out.push({ type: 'chip', raw: s.raw });
    else if (!names.fields) out.push(s);
    else for (const f of splitFields(s.text)) out.push(f.type === 'text' ? f : { type: 'chip', raw: f.raw });
  }
  return out;
}

/** The text with each placed field as `[Field name]`: what a limit counts (its value is not known yet). */
export function withFieldNames(value: string, names: EditorNames): string {
  if (!names.fields) return value;
  return splitChips(value, names)
    .map((s) => (s.type === 'text' ? s.text : (fieldChipText(s.raw, names)?.text ?? s.raw)))
    .join('');
}

function fieldChipText(raw: string, names: EditorNames): { text: string; deleted: boolean } | null {
  const id = FIELD_RAW.exec(raw)?.[1];
  if (id === undefined) return null;
  const name = names.fields?.[id];
  return name === undefined ? { text: `[${DELETED_TAG}]`, deleted: true } : { text: `[${name}]`, deleted: false };
}

function chipText(m: Pick<Mention, 'kind' | 'id'>, names: MentionNames): { text: string; deleted: boolean } {
  const deleted = m.kind === 'character' && (m.id === undefined || !(m.id in names.characters));
  if (deleted) return { text: `@${DELETED_TAG}`, deleted };
  return { text: `@${mentionDisplayName(m, names) || 'Unnamed'}`, deleted };
}

export function createChip(raw: string, names: EditorNames): HTMLSpanElement {
  const span = document.createElement('span');
  span.contentEditable = 'false';
  span.dataset.mention = raw;
  paintChip(span, names);
  return span;
}

function paintChip(span: HTMLElement, names: EditorNames): void {
  const field = fieldChipText(span.dataset.mention ?? '', names);
  if (field) {
    span.textContent = field.text;
    span.className = field.deleted ? 'editor-chip editor-chip--field editor-chip--deleted' : 'editor-chip editor-chip--field';
    return;
  }
  const m = parseMentions(span.dataset.mention ?? '')[0];
  if (!m) return;
  const { text, deleted } = chipText(m, names);
  span.textContent = text;
  span.className = deleted ? 'editor-chip editor-chip--deleted' : 'editor-chip';
  if (deleted) span.title = 'This character was deleted';
  else span.removeAttribute('title');
}

/** Renders the stored text into the editor (on mount and when the content is replaced from outside). */
export function fillEditor(el: HTMLElement, value: string, names: EditorNames): void {
  const nodes: Node[] = splitChips(value, names).map((s) =>
    s.type === 'text' ? document.createTextNode(s.text) : createChip(s.raw, names),
  );
  // A trailing <br> lets the caret sit on an empty last line (pre-wrap does not show a final newline otherwise).
  nodes.push(document.createElement('br'));
  el.replaceChildren(...nodes);
}

/** Updates chip labels after a rename, leaving the text and the caret alone. */
export function repaintChips(el: HTMLElement, names: EditorNames): void {
  el.querySelectorAll<HTMLElement>('[data-mention]').forEach((span) => paintChip(span, names));
}

/** The stored text of the editor: text as typed, chips as their placeholders, line breaks as `\n`. */
export function serialize(el: Node): string {
  // Runs on every keystroke over up to 3,000 characters and their chips: a plain walk of the children, no copies.
  let out = '';
  for (let n = el.firstChild; n !== null; n = n.nextSibling) {
    if (n.nodeType === Node.TEXT_NODE) {
      out += (n as Text).data;
      continue;
    }
    if (!(n instanceof HTMLElement)) continue;
    const mention = n.dataset.mention;
    if (mention) out += mention;
    else if (n.tagName === 'BR') {
      // The final <br> is the editor's own end-of-text marker.
      if (n.nextSibling !== null) out += '\n';
    } else {
      // A block the browser made for a new line (e.g. dropped or pasted rich text).
      if (out !== '' && !out.endsWith('\n')) out += '\n';
      out += serialize(n);
    }
  }
  return out;
}

/** Inserts nodes at the caret (inside `el`) and puts the caret after them. */
export function insertAtCaret(el: HTMLElement, nodes: Node[]): void {
  const sel = window.getSelection();
  let range: Range;
  if (sel && sel.rangeCount > 0 && el.contains(sel.getRangeAt(0).startContainer)) range = sel.getRangeAt(0);
  else {
    range = document.createRange();
    const end = el.lastChild instanceof HTMLBRElement ? el.lastChild : null;
    if (end) range.setStartBefore(end);
    else range.selectNodeContents(el);
    range.collapse(end !== null);
  }
  range.deleteContents();
  for (const node of nodes) {
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
  }
  sel?.removeAllRanges();
  sel?.addRange(range);
}

/** The text typed since the last `@` before the caret, when the caret sits in a text node right after it. */
export function mentionQueryAtCaret(el: HTMLElement): { node: Text; at: number; query: string } | null {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || !sel.isCollapsed) return null;
  const node = sel.anchorNode;
  if (!node || node.nodeType !== Node.TEXT_NODE || !el.contains(node)) return null;
  const before = (node as Text).data.slice(0, sel.anchorOffset);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query) || query.length > 30) return null;
  return { node: node as Text, at, query };
}

/** Replaces `@query` with a chip and a caret after it. */
export function replaceQueryWithChip(el: HTMLElement, anchor: { node: Text; at: number; query: string }, chip: Node): void {
  const range = document.createRange();
  range.setStart(anchor.node, anchor.at);
  range.setEnd(anchor.node, Math.min(anchor.node.data.length, anchor.at + 1 + anchor.query.length));
  const sel = window.getSelection();
  sel?.removeAllRanges();
  sel?.addRange(range);
  insertAtCaret(el, [chip]);
}
