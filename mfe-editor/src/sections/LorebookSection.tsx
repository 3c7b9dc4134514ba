import { useState, type DragEvent, type JSX } from 'react';
import { LOREBOOK_POSITIONS, SELECTIVE_LOGICS, type Lorebook, type LorebookEntry } from 'shared-kit';
import { Button, Card, Checkbox, Select, TextArea, TextField } from 'ui-kit';
import { useSkeletonFields } from '../components/skeleton';
import { StoryTextField } from '../components/StoryTextField';
import { withFieldNames } from '../components/mentionDom';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import { importLorebookFile, lorebookExportUrl } from '../services/card.service';
import {
  addEntry,
  bookProblems,
  emptyLorebook,
  entryProblems,
  keysOf,
  keysText,
  mergeLorebook,
  moveEntry,
  removeEntry,
  searchEntries,
  updateEntry,
  type EntryProblem,
} from '../stores/editor/lorebook';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

type Patch = Partial<Omit<LorebookEntry, 'entry_id'>>;

/** A whole-number field that keeps what is being typed and hands on only whole numbers. */
function NumberField({ id, label, value, error, onChange }: { id: string; label: string; value: number; error?: string; onChange: (n: number) => void }): JSX.Element {
  const { t } = useEditorT();
  const [text, setText] = useState(String(value));
  const shown = Number(text) === value ? text : String(value);
  const whole = /^-?\d+$/.test(shown.trim());
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      inputMode="numeric"
      value={shown}
      error={whole ? error : t('lorebook.problems.whole')}
      onChange={(e) => {
        setText(e.target.value);
        if (/^-?\d+$/.test(e.target.value.trim())) onChange(Number(e.target.value));
      }}
    />
  );
}

function useProblemText(): (p: EntryProblem | undefined) => string | undefined {
  const { t } = useEditorT();
  return (p) => {
    if (!p) return undefined;
    switch (p.code) {
      case 'range':
        return t('lorebook.problems.range', { min: p.min, max: p.max });
      case 'bad_regex':
        return t('lorebook.problems.bad_regex', { key: p.key });
      case 'no_keys':
        return t('lorebook.problems.no_keys');
      default:
        return t(`lorebook.problems.${p.code}`, { limit: p.limit });
    }
  };
}

interface SkeletonEntryTextProps {
  fkey: string;
  label: string;
  value: string;
  max?: number;
  problem: string | undefined;
  onChange: (value: string) => void;
  onDone?: () => void;
}

/**
 * In a template's skeleton, a text of the entry where the template's text fields are placed with `@` and show as
 * chips, like the skeleton's other texts (keys one a line); the entry's own problem is told below it.
 */
function SkeletonEntryText({ fkey, label, value, max, problem, onChange, onDone }: SkeletonEntryTextProps): JSX.Element {
  return (
    <div onBlur={onDone}>
      <StoryTextField fkey={fkey} label={label} value={value} max={max} multiline onChange={onChange} />
      {problem ? (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function EntryForm({ entry, index, onChange }: { entry: LorebookEntry; index: number; onChange: (patch: Patch) => void }): JSX.Element {
  const { t } = useEditorT();
  const problemText = useProblemText();
  // In a template's skeleton the keys and the content take the template's text fields.
  const skeleton = useSkeletonFields() !== null;
  const problems = entryProblems(entry);
  const problem = (field: EntryProblem['field']) => problemText(problems.find((p) => p.field === field));
  const id = (field: string) => `lore-${entry.entry_id}-${field}`;
  return (
    <div className="editor-lore__form">
      <TextField id={id('name')} label={t('lorebook.fields.name')} value={entry.name} error={problem('name')} onChange={(e) => onChange({ name: e.target.value })} />
      {skeleton ? (
        <SkeletonEntryText
          fkey={`lorebook.entries.${index}.keys`}
          label={t('lorebook.fields.keys')}
          value={keysText(entry.keys)}
          problem={problem('keys')}
          onChange={(v) => onChange({ keys: v.split('\n') })}
          onDone={() => onChange({ keys: keysOf(keysText(entry.keys)) })}
        />
      ) : (
        <TextArea
          id={id('keys')}
          label={t('lorebook.fields.keys')}
          hint={entry.use_regex ? t('lorebook.hints.regexKeys') : t('lorebook.hints.keys')}
          rows={2}
          value={keysText(entry.keys)}
          error={problem('keys')}
          onChange={(e) => onChange({ keys: e.target.value.split('\n') })}
          onBlur={(e) => onChange({ keys: keysOf(e.target.value) })}
        />
      )}
      <div className="editor-lore__toggles">
        <Checkbox label={t('lorebook.fields.enabled')} checked={entry.enabled} onCheckedChange={(v) => onChange({ enabled: v })} />
        <Checkbox label={t('lorebook.fields.constant')} checked={entry.constant} onCheckedChange={(v) => onChange({ constant: v })} />
        <Checkbox label={t('lorebook.fields.caseSensitive')} checked={entry.case_sensitive} onCheckedChange={(v) => onChange({ case_sensitive: v })} />
        <Checkbox label={t('lorebook.fields.useRegex')} checked={entry.use_regex} onCheckedChange={(v) => onChange({ use_regex: v })} />
        <Checkbox label={t('lorebook.fields.selective')} checked={entry.selective} onCheckedChange={(v) => onChange({ selective: v })} />
      </div>
      {entry.selective ? (
        <>
          <Select
            id={id('logic')}
            label={t('lorebook.fields.logic')}
            value={entry.selective_logic}
            onValueChange={(v) => onChange({ selective_logic: v as LorebookEntry['selective_logic'] })}
            options={SELECTIVE_LOGICS.map((l) => ({ value: l, label: t(`lorebook.logic.${l}`) }))}
          />
          {skeleton ? (
            <SkeletonEntryText
              fkey={`lorebook.entries.${index}.secondary_keys`}
              label={t('lorebook.fields.secondaryKeys')}
              value={keysText(entry.secondary_keys)}
              problem={problem('secondary_keys')}
              onChange={(v) => onChange({ secondary_keys: v.split('\n') })}
              onDone={() => onChange({ secondary_keys: keysOf(keysText(entry.secondary_keys)) })}
            />
          ) : (
            <TextArea
              id={id('secondary')}
              label={t('lorebook.fields.secondaryKeys')}
              hint={t('lorebook.hints.keys')}
              rows={2}
              value={keysText(entry.secondary_keys)}
              error={problem('secondary_keys')}
              onChange={(e) => onChange({ secondary_keys: e.target.value.split('\n') })}
              onBlur={(e) => onChange({ secondary_keys: keysOf(e.target.value) })}
            />
          )}
        </>
      ) : null}
      <div className="editor-lore__numbers">
        <Select
          id={id('position')}
          label={t('lorebook.fields.position')}
          value={entry.position}
          onValueChange={(v) => onChange({ position: v as LorebookEntry['position'] })}
          options={LOREBOOK_POSITIONS.map((p) => ({ value: p, label: t(`lorebook.position.${p}`) }))}
        />
        {entry.position === 'at_depth' ? (
          <NumberField id={id('depth')} label={t('lorebook.fields.depth')} value={entry.depth} error={problem('depth')} onChange={(n) => onChange({ depth: n })} />
        ) : null}
        <NumberField id={id('order')} label={t('lorebook.fields.insertionOrder')} value={entry.insertion_order} error={problem('insertion_order')} onChange={(n) => onChange({ insertion_order: n })} />
        <NumberField id={id('priority')} label={t('lorebook.fields.priority')} value={entry.priority} error={problem('priority')} onChange={(n) => onChange({ priority: n })} />
      </div>
      {skeleton ? (
        <SkeletonEntryText
          fkey={`lorebook.entries.${index}.content`}
          label={t('lorebook.fields.content')}
          value={entry.content}
          max={20_000}
          problem={problem('content')}
          onChange={(v) => onChange({ content: v })}
        />
      ) : (
        <TextArea
          id={id('content')}
          label={t('lorebook.fields.content')}
          hint={t('lorebook.hints.content')}
          rows={4}
          limit={20_000}
          value={entry.content}
          error={problem('content')}
          onChange={(e) => onChange({ content: e.target.value })}
        />
      )}
    </div>
  );
}

/**
 * The story's or bot's lorebook: its settings, a searchable list of entries to add, edit, delete and reorder (drag,
 * or the move buttons), and import / export of the V3 lorebook file. Saved with the story as usual.
 */
export default function LorebookSection({ storyId }: { storyId: string | null }): JSX.Element {
  const { t } = useEditorT();
  const stored = useEditorStore((s) => s.content.lorebook);
  const storyName = useEditorStore((s) => s.content.story_name);
  const setLorebook = useEditorStore((s) => s.setLorebook);
  const book: Lorebook = stored ?? emptyLorebook();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [file, setFile] = useState<{ busy: boolean; problem: string | null; notes: string[] }>({ busy: false, problem: null, notes: [] });
  const problemText = useProblemText();
  // In a template's skeleton a key holding a field is titled with the field's [name].
  const names = useNames();

  const change = (next: Lorebook) => setLorebook(next.entries.length === 0 && !stored ? undefined : next);
  const shown = searchEntries(book, query);
  const searching = query.trim() !== '';
  const bookIssues = bookProblems(book);
  const bookIssue = (field: 'scan_depth' | 'token_budget' | 'entries') => {
    const p = bookIssues.find((x) => x.field === field);
    return p ? t('lorebook.problems.range', { min: p.min, max: p.max }) : undefined;
  };
  const entriesIssue = bookIssue('entries');

  async function pickFile(f: File | undefined): Promise<void> {
    if (!f) return;
    setFile({ busy: true, problem: null, notes: [] });
    try {
      const read = await importLorebookFile(f);
      setLorebook(mergeLorebook(stored, { ...read.lorebook, name: read.lorebook.name || storyName }));
      setFile({ busy: false, problem: null, notes: read.notes });
    } catch (e) {
      setFile({ busy: false, problem: errorText(e), notes: [] });
    }
  }

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragging) change(moveEntry(book, dragging, index));
    setDragging(null);
  };

  return (
    <Card as="section" className="editor-section editor-lore" aria-labelledby="editor-lorebook">
      <h2 id="editor-lorebook" className="ui-heading-2">
        {t('lorebook.title')}
      </h2>
      <p className="ui-field__hint">{t('lorebook.intro')}</p>
      <div className="editor-lore__numbers">
        <NumberField id="lore-scan-depth" label={t('lorebook.fields.scanDepth')} value={book.scan_depth} error={bookIssue('scan_depth')} onChange={(n) => change({ ...book, scan_depth: n })} />
        <NumberField id="lore-token-budget" label={t('lorebook.fields.tokenBudget')} value={book.token_budget} error={bookIssue('token_budget')} onChange={(n) => change({ ...book, token_budget: n })} />
      </div>
      <Checkbox label={t('lorebook.fields.recursive')} checked={book.recursive_scanning} onCheckedChange={(v) => change({ ...book, recursive_scanning: v })} />

      <div className="editor-lore__tools">
        <TextField id="lore-search" label={t('lorebook.search')} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button
          onClick={() => {
            const added = addEntry(book);
            setQuery('');
            change(added.book);
            setOpen(added.id);
          }}
        >
          {t('lorebook.add')}
        </Button>
      </div>
      {entriesIssue ? (
        <p className="ui-field__error" role="alert">
          {entriesIssue}
        </p>
      ) : null}
      <p className="ui-field__hint" aria-live="polite">
        {searching ? t('lorebook.found', { count: shown.length, total: book.entries.length }) : t('lorebook.count', { count: book.entries.length })}
        {searching && shown.length > 0 ? ` ${t('lorebook.clearToReorder')}` : ''}
      </p>
      {book.entries.length === 0 ? <p className="editor-lore__empty">{t('lorebook.empty')}</p> : null}
      {searching && shown.length === 0 && book.entries.length > 0 ? <p className="editor-lore__empty">{t('lorebook.noMatch')}</p> : null}
      <ol className="editor-lore__list" aria-label={t('lorebook.entries')}>
        {shown.map((entry) => {
          const index = book.entries.indexOf(entry);
          const title = entry.name.trim() || entry.keys.filter((k) => k.trim()).map((k) => withFieldNames(k, names)).join(', ') || t('lorebook.untitled', { n: index + 1 });
          const problems = entryProblems(entry);
          const expanded = open === entry.entry_id;
          return (
            <li
              key={entry.entry_id}
              className={`editor-lore__entry${dragging === entry.entry_id ? ' editor-lore__entry--dragging' : ''}`}
              data-entry-id={entry.entry_id}
              onDragOver={(e) => {
                if (dragging && !searching) e.preventDefault();
              }}
              onDrop={(e) => onDrop(e, index)}
            >
              <div className="editor-lore__head">
                <span
                  className="editor-lore__handle"
                  draggable={!searching}
                  aria-hidden="true"
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', entry.entry_id);
                    setDragging(entry.entry_id);
                  }}
                  onDragEnd={() => setDragging(null)}
                >
                  ⋮⋮
                </span>
                <button type="button" className="editor-lore__title" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : entry.entry_id)}>
                  <span>{title}</span>
                  {!entry.enabled ? <span className="ui-field__hint editor-lore__tag">{t('lorebook.off')}</span> : null}
                  {entry.constant ? <span className="ui-field__hint editor-lore__tag">{t('lorebook.fields.constant')}</span> : null}
                  {problems.length > 0 ? <span className="ui-field__error editor-lore__tag">{t('lorebook.toFix', { count: problems.length })}</span> : null}
                </button>
                <div className="ui-row editor-lore__actions">
                  <Button size="sm" variant="ghost" disabled={searching || index === 0} aria-label={t('lorebook.moveUp', { title })} onClick={() => change(moveEntry(book, entry.entry_id, index - 1))}>
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={searching || index === book.entries.length - 1}
                    aria-label={t('lorebook.moveDown', { title })}
                    onClick={() => change(moveEntry(book, entry.entry_id, index + 1))}
                  >
                    ↓
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={t('lorebook.delete', { title })} onClick={() => change(removeEntry(book, entry.entry_id))}>
                    {t('common.delete')}
                  </Button>
                </div>
              </div>
              {expanded ? <EntryForm entry={entry} index={index} onChange={(patch) => setLorebook(updateEntry(book, entry.entry_id, patch))} /> : null}
              {!expanded && problems.length > 0 ? (
                <p className="ui-field__error" role="alert">
                  {problemText(problems[0])}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div className="ui-field editor-field">
        <label htmlFor="editor-lorebook-file" className="ui-field__label">
          {t('lorebook.import')}
        </label>
        <input
          id="editor-lorebook-file"
          className="editor-file"
          type="file"
          accept=".json,application/json"
          disabled={file.busy}
          onChange={(e) => {
            void pickFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className="ui-field__hint">{t('lorebook.importHint')}</p>
        {file.busy ? <p className="ui-field__hint">{t('lorebook.reading')}</p> : null}
        {file.problem ? (
          <p className="ui-field__error" role="alert">
            {file.problem}
          </p>
        ) : null}
        {file.notes.length > 0 ? (
          <ul className="ui-field__hint" aria-label={t('lorebook.notes')}>
            {file.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <nav className="ui-row editor-card-export" aria-label={t('lorebook.export')}>
        <span className="ui-field__label">{t('lorebook.export')}</span>
        {storyId ? (
          <a className="ui-button ui-button--ghost ui-button--sm" href={lorebookExportUrl(storyId)} download>
            {t('lorebook.exportJson')}
          </a>
        ) : (
          <span className="ui-field__hint">{t('cardIo.saveFirst')}</span>
        )}
      </nav>
    </Card>
  );
}
