import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { TopicStatus, TopicType, type OpsBanner, type OpsTopic } from 'shared-kit';
import { Button, DataTable, Select, TextArea, TextField, type Column } from 'ui-kit';
import { useOpsT } from '../i18n';
import {
  fetchPlacements,
  orderPlacements,
  savePlacement,
  setPlacementStatus,
  type Placement,
  type PlacementKind,
} from '../services/topic.service';
import { PageHeader } from '../components/PageHeader';

/** The moves an operator may make from each state (the api refuses others). */
const MOVES: Record<TopicStatus, TopicStatus[]> = {
  Draft: [TopicStatus.Testing, TopicStatus.Published],
  Testing: [TopicStatus.Draft, TopicStatus.Published, TopicStatus.Offline],
  Published: [TopicStatus.Offline],
  Offline: [TopicStatus.Draft, TopicStatus.Testing, TopicStatus.Published],
};

const idOf = (kind: PlacementKind, p: Placement): string =>
  kind === 'topic' ? (p as OpsTopic).topic_id : (p as OpsBanner).banner_id;
const list = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);
/** `datetime-local` value <-> ISO. */
const toLocal = (iso: string | null): string =>
  iso
    ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000)
        .toISOString()
        .slice(0, 16)
    : '';
const toIso = (local: string): string | null => (local ? new Date(local).toISOString() : null);

interface Form {
  id: string | null;
  title: string;
  description: string;
  type: TopicType;
  stories: string;
  image: string;
  link: string;
  start: string;
  end: string;
  whitelist: string;
}
const EMPTY: Form = {
  id: null,
  title: '',
  description: '',
  type: TopicType.Normal,
  stories: '',
  image: '',
  link: '',
  start: '',
  end: '',
  whitelist: '',
};

function formOf(kind: PlacementKind, p: Placement): Form {
  const base = {
    ...EMPTY,
    id: idOf(kind, p),
    title: p.title,
    start: toLocal(p.start_at),
    end: toLocal(p.end_at),
    whitelist: p.whitelist.join(' '),
  };
  if (kind === 'topic') {
    const t = p as OpsTopic;
    return { ...base, description: t.description, type: t.type, stories: t.story_ids.join(' ') };
  }
  const b = p as OpsBanner;
  return { ...base, image: b.image, link: b.link };
}

/** One kind's list, in home-page order, with state moves, ordering and a create / edit form. */
function Placements({ kind }: { kind: PlacementKind }): JSX.Element {
  const { t } = useOpsT();
  const [rows, setRows] = useState<Placement[] | null | 'error'>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const k = `home.${kind}`;

  const reload = useCallback(() => {
    fetchPlacements(kind).then(
      (d) => setRows(d.list),
      () => setRows('error'),
    );
  }, [kind]);
  useEffect(reload, [reload]);

  async function run(action: () => Promise<unknown>, done: string): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage(done);
      reload();
    } catch {
      setMessage(t('home.failed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (form.title.trim() === '') return;
    const common = {
      title: form.title.trim(),
      start_at: toIso(form.start),
      end_at: toIso(form.end),
      whitelist: list(form.whitelist),
    };
    const body =
      kind === 'topic'
        ? {
            ...common,
            description: form.description,
            type: form.type,
            story_ids: list(form.stories),
            ...(form.id ? { topic_id: form.id } : {}),
          }
        : {
            ...common,
            image: form.image.trim(),
            link: form.link.trim(),
            ...(form.id ? { banner_id: form.id } : {}),
          };
    void run(async () => {
      await savePlacement(kind, body);
      setForm(EMPTY);
    }, t('home.saved'));
  }

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const ordered = Array.isArray(rows) ? rows : [];
  const columns: Array<Column<Placement>> = [
    {
      key: 'name',
      header: t('home.name'),
      rowHeader: true,
      cell: (p) =>
        kind === 'topic'
          ? t('home.topicName', { title: p.title, type: t(`home.types.${(p as OpsTopic).type}`) })
          : p.title,
    },
    { key: 'state', header: t('home.state'), nowrap: true, cell: (p) => t(`home.status.${p.status}`) },
    {
      key: 'actions',
      header: t('home.actions'),
      cell: (p) => {
        const id = idOf(kind, p);
        const i = ordered.indexOf(p);
        return (
          <div className="ops-chips">
            {MOVES[p.status].map((to) => (
              <Button
                key={to}
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={t('home.moveLabel', { action: t(`home.moves.${to}`), title: p.title })}
                onClick={() => void run(() => setPlacementStatus(kind, id, to), t('home.moved'))}
              >
                {t(`home.moves.${to}`)}
              </Button>
            ))}
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || i === 0}
              aria-label={t('home.upLabel', { title: p.title })}
              onClick={() => {
                const ids = ordered.map((r) => idOf(kind, r));
                [ids[i - 1], ids[i]] = [ids[i]!, ids[i - 1]!];
                void run(() => orderPlacements(kind, ids), t('home.ordered'));
              }}
            >
              {t('home.up')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('home.editLabel', { title: p.title })}
              onClick={() => setForm(formOf(kind, p))}
            >
              {t('home.edit')}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <section className="ops-section ops-placements" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{t(`${k}.title`)}</h2>
      <DataTable
        label={t(`${k}.title`)}
        columns={columns}
        rows={Array.isArray(rows) ? rows : []}
        rowKey={(p) => idOf(kind, p)}
        status={rows === null ? 'loading' : rows === 'error' ? 'error' : 'ready'}
        onRetry={reload}
        errorText={t('common.error')}
        emptyTitle={t(`${k}.empty`)}
        skeletonRows={2}
      />
      <form
        className="ops-panel ops-home-form"
        onSubmit={submit}
        aria-label={t(form.id ? `${k}.editTitle` : `${k}.newTitle`)}
      >
        <h3>{t(form.id ? `${k}.editTitle` : `${k}.newTitle`)}</h3>
        <TextField
          label={t('home.name')}
          value={form.title}
          maxLength={60}
          onChange={(e) => set({ title: e.target.value })}
        />
        {kind === 'topic' ? (
          <>
            <TextArea
              label={t('home.description')}
              value={form.description}
              limit={500}
              onChange={(e) => set({ description: e.target.value })}
            />
            <Select
              label={t('home.type')}
              value={form.type}
              onValueChange={(v) => set({ type: v as TopicType })}
              options={[TopicType.Normal, TopicType.Top].map((v) => ({
                value: v,
                label: t(`home.types.${v}`),
              }))}
            />
            <TextField
              label={t('home.stories')}
              hint={t('home.idsHint')}
              value={form.stories}
              onChange={(e) => set({ stories: e.target.value })}
            />
          </>
        ) : (
          <>
            <TextField
              label={t('home.image')}
              value={form.image}
              maxLength={500}
              onChange={(e) => set({ image: e.target.value })}
            />
            <TextField
              label={t('home.link')}
              hint={t('home.linkHint')}
              value={form.link}
              maxLength={500}
              onChange={(e) => set({ link: e.target.value })}
            />
          </>
        )}
        <TextField
          label={t('home.start')}
          type="datetime-local"
          value={form.start}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextField
          label={t('home.end')}
          type="datetime-local"
          value={form.end}
          onChange={(e) => set({ end: e.target.value })}
        />
        <TextField
          label={t('home.whitelist')}
          hint={t('home.idsHint')}
          value={form.whitelist}
          onChange={(e) => set({ whitelist: e.target.value })}
        />
        <div className="ops-actions">
          <Button type="submit" variant="primary" disabled={busy || form.title.trim() === ''}>
            {t('home.save')}
          </Button>
          {form.id && (
            <Button variant="secondary" onClick={() => setForm(EMPTY)}>
              {t('home.cancel')}
            </Button>
          )}
        </div>
      </form>
      {message && (
        <p role="status" className="ops-status">
          {message}
        </p>
      )}
    </section>
  );
}

/** Topics and banners of the player's home. */
export function HomeContentPage(): JSX.Element {
  const { t } = useOpsT();
  return (
    <div>
      <PageHeader title={t('home.title')} />
      <Placements kind="banner" />
      <Placements kind="topic" />
    </div>
  );
}
