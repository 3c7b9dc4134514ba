import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { TopicStatus, TopicType, type OpsBanner, type OpsTopic } from 'shared-kit';
import { Button, EmptyState, Select, Spinner, TextArea, TextField } from 'ui-kit';
import { useOpsT } from '../i18n';
import { fetchPlacements, orderPlacements, savePlacement, setPlacementStatus, type Placement, type PlacementKind } from '../services/topic.service';
import { PageHeading } from '../components/PageHeading';

/** The moves an operator may make from each state (the api refuses others). */
const MOVES: Record<TopicStatus, TopicStatus[]> = {
  Draft: [TopicStatus.Testing, TopicStatus.Published],
  Testing: [TopicStatus.Draft, TopicStatus.Published, TopicStatus.Offline],
  Published: [TopicStatus.Offline],
  Offline: [TopicStatus.Draft, TopicStatus.Testing, TopicStatus.Published],
};

const idOf = (kind: PlacementKind, p: Placement): string => (kind === 'topic' ? (p as OpsTopic).topic_id : (p as OpsBanner).banner_id);
const list = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);
/** `datetime-local` value <-> ISO. */
const toLocal = (iso: string | null): string => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');
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
const EMPTY: Form = { id: null, title: '', description: '', type: TopicType.Normal, stories: '', image: '', link: '', start: '', end: '', whitelist: '' };

function formOf(kind: PlacementKind, p: Placement): Form {
  const base = { ...EMPTY, id: idOf(kind, p), title: p.title, start: toLocal(p.start_at), end: toLocal(p.end_at), whitelist: p.whitelist.join(' ') };
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
    const common = { title: form.title.trim(), start_at: toIso(form.start), end_at: toIso(form.end), whitelist: list(form.whitelist) };
    const body =
      kind === 'topic'
        ? { ...common, description: form.description, type: form.type, story_ids: list(form.stories), ...(form.id ? { topic_id: form.id } : {}) }
        : { ...common, image: form.image.trim(), link: form.link.trim(), ...(form.id ? { banner_id: form.id } : {}) };
    void run(async () => {
      await savePlacement(kind, body);
      setForm(EMPTY);
    }, t('home.saved'));
  }

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <section aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{t(`${k}.title`)}</h2>
      {rows === null && <Spinner label={t('common.loading')} />}
      {rows === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {Array.isArray(rows) && rows.length === 0 && <EmptyState title={t(`${k}.empty`)} />}
      {Array.isArray(rows) && rows.length > 0 && (
        <table aria-label={t(`${k}.title`)}>
          <thead>
            <tr>
              <th scope="col">{t('home.name')}</th>
              <th scope="col">{t('home.state')}</th>
              <th scope="col">{t('home.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => {
              const id = idOf(kind, p);
              return (
                <tr key={id}>
                  <td>{kind === 'topic' ? t('home.topicName', { title: p.title, type: t(`home.types.${(p as OpsTopic).type}`) }) : p.title}</td>
                  <td>{t(`home.status.${p.status}`)}</td>
                  <td>
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
                    ))}{' '}
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy || i === 0}
                      aria-label={t('home.upLabel', { title: p.title })}
                      onClick={() => {
                        const ids = rows.map((r) => idOf(kind, r));
                        [ids[i - 1], ids[i]] = [ids[i]!, ids[i - 1]!];
                        void run(() => orderPlacements(kind, ids), t('home.ordered'));
                      }}
                    >
                      {t('home.up')}
                    </Button>{' '}
                    <Button size="sm" variant="secondary" aria-label={t('home.editLabel', { title: p.title })} onClick={() => setForm(formOf(kind, p))}>
                      {t('home.edit')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} aria-label={t(form.id ? `${k}.editTitle` : `${k}.newTitle`)}>
        <h3>{t(form.id ? `${k}.editTitle` : `${k}.newTitle`)}</h3>
        <TextField label={t('home.name')} value={form.title} maxLength={60} onChange={(e) => set({ title: e.target.value })} />
        {kind === 'topic' ? (
          <>
            <TextArea label={t('home.description')} value={form.description} limit={500} onChange={(e) => set({ description: e.target.value })} />
            <Select
              label={t('home.type')}
              value={form.type}
              onValueChange={(v) => set({ type: v as TopicType })}
              options={[TopicType.Normal, TopicType.Top].map((v) => ({ value: v, label: t(`home.types.${v}`) }))}
            />
            <TextField label={t('home.stories')} hint={t('home.idsHint')} value={form.stories} onChange={(e) => set({ stories: e.target.value })} />
          </>
        ) : (
          <>
            <TextField label={t('home.image')} value={form.image} maxLength={500} onChange={(e) => set({ image: e.target.value })} />
            <TextField label={t('home.link')} hint={t('home.linkHint')} value={form.link} maxLength={500} onChange={(e) => set({ link: e.target.value })} />
          </>
        )}
        <TextField label={t('home.start')} type="datetime-local" value={form.start} onChange={(e) => set({ start: e.target.value })} />
        <TextField label={t('home.end')} type="datetime-local" value={form.end} onChange={(e) => set({ end: e.target.value })} />
        <TextField label={t('home.whitelist')} hint={t('home.idsHint')} value={form.whitelist} onChange={(e) => set({ whitelist: e.target.value })} />
        <Button type="submit" disabled={busy || form.title.trim() === ''}>
          {t('home.save')}
        </Button>{' '}
        {form.id && (
          <Button variant="secondary" onClick={() => setForm(EMPTY)}>
            {t('home.cancel')}
          </Button>
        )}
      </form>
      {message && <p role="status">{message}</p>}
    </section>
  );
}

/** Topics and banners of the player's home. */
export function HomeContentPage(): JSX.Element {
  const { t } = useOpsT();
  return (
    <div>
      <PageHeading title={t('home.title')} />
      <Placements kind="banner" />
      <Placements kind="topic" />
    </div>
  );
}
