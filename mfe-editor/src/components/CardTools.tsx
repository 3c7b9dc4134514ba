import { useState, type JSX } from 'react';
import { Button, Card } from 'ui-kit';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import { CARD_FORMATS, cardExportUrl, importCard, type ImportedCard } from '../services/card.service';
import { useEditorStore } from '../stores/editor/store';

interface CardToolsProps {
  /** The saved bot or story; export needs one. */
  storyId: string | null;
  /** The character to export; a bot's own when absent. */
  characterId?: string;
  /** True in the story editor: the card is added as a character, and the whole story exports as CHARX. */
  story?: boolean;
}

function Fields({ rows }: { rows: Array<[string, string]> }): JSX.Element {
  return (
    <dl className="editor-card-review__fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A whole story's review: the story's texts, then every character with its picture. */
function StoryFields({ card }: { card: ImportedCard }): JSX.Element {
  const { t } = useEditorT();
  const s = card.bot;
  const rows: Array<[string, string]> = [
    [t('cardIo.storyName'), s.story_name],
    [t('cardIo.introduction'), s.introduction],
    [t('cardIo.summary'), s.summary],
    [t('bot.opening'), s.prologue.content],
    [t('fields.playerName'), s.player.character_name],
    [t('cardIo.lorebook'), t('cardIo.entries', { count: s.lorebook?.entries.length ?? 0 })],
  ];
  return (
    <>
      {card.picture ? <img className="editor-image__preview" src={card.picture.url} alt={t('cardIo.cover')} /> : null}
      <Fields rows={rows} />
      <h4 className="ui-heading-3">{t('cardIo.characters', { count: s.characters.length })}</h4>
      <ul className="editor-card-review__characters" aria-label={t('cardIo.characters', { count: s.characters.length })}>
        {s.characters.map((c) => (
          <li key={c.character_id} aria-label={c.character_name}>
            {c.character_url ? (
              <img className="editor-image__preview editor-image__preview--character" src={c.character_url} alt={t('cardIo.pictureOf', { name: c.character_name })} />
            ) : null}
            <Fields
              rows={[
                [t('fields.name'), c.character_name],
                [t('fields.settings'), c.settings],
                [t('fields.style'), c.style],
                [t('cardIo.greetings'), (c.alternate_greetings ?? []).join('\n')],
                [t('cardIo.tags'), (c.tags ?? []).join(', ')],
              ]}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

function Review({ card, onUse, onCancel }: { card: ImportedCard; onUse: () => void; onCancel: () => void }): JSX.Element {
  const { t } = useEditorT();
  const whole = card.kind === 'story';
  const c = card.bot.characters[0];
  const rows: Array<[string, string]> = [
    [t('fields.name'), c?.character_name ?? ''],
    [t('fields.settings'), c?.settings ?? ''],
    [t('fields.style'), c?.style ?? ''],
    [t('bot.opening'), card.bot.prologue.content],
    [t('cardIo.introduction'), card.bot.introduction],
    [t('cardIo.greetings'), (c?.alternate_greetings ?? []).join('\n')],
    [t('cardIo.tags'), (c?.tags ?? []).join(', ')],
    [t('cardIo.notes'), c?.creator_notes ?? ''],
    [t('cardIo.lorebook'), t('cardIo.entries', { count: card.bot.lorebook?.entries.length ?? 0 })],
  ];
  return (
    <section className="editor-card-review" aria-labelledby="editor-card-review">
      <h3 id="editor-card-review" className="ui-heading-3">
        {whole ? t('cardIo.reviewStory') : t('cardIo.review')}
      </h3>
      {whole ? (
        <StoryFields card={card} />
      ) : (
        <>
          {card.picture ? <img className="editor-image__preview editor-image__preview--character" src={card.picture.url} alt={t('fields.picture')} /> : null}
          <Fields rows={rows} />
        </>
      )}
      {card.errors.length > 0 ? (
        <ul className="ui-field__error" role="alert" aria-label={t('cardIo.errors')}>
          {card.errors.map((e) => (
            <li key={e.path}>{t('cardIo.error', { path: e.path, message: e.message })}</li>
          ))}
        </ul>
      ) : null}
      {card.notes.length > 0 ? (
        <ul className="ui-field__hint" aria-label={t('cardIo.notUsed')}>
          {card.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <div className="ui-row">
        <Button onClick={onUse}>{t('cardIo.use')}</Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}

/** Import a character card (PNG, JSON or CHARX) for review, and export the bot or character as a card. */
export function CardTools({ storyId, characterId, story = false }: CardToolsProps): JSX.Element {
  const { t } = useEditorT();
  const applyCard = useEditorStore((s) => s.applyCard);
  const applyStory = useEditorStore((s) => s.applyStory);
  const [state, setState] = useState<{ busy: boolean; problem: string | null; card: ImportedCard | null }>({ busy: false, problem: null, card: null });

  async function pick(file: File | undefined): Promise<void> {
    if (!file) return;
    setState({ busy: true, problem: null, card: null });
    try {
      setState({ busy: false, problem: null, card: await importCard(file) });
    } catch (e) {
      setState({ busy: false, problem: errorText(e), card: null });
    }
  }

  const exportFormats = story && !characterId ? CARD_FORMATS.filter((f) => f === 'charx') : CARD_FORMATS;
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-card-tools">
      <h2 id="editor-card-tools" className="ui-heading-2">
        {t('cardIo.title')}
      </h2>
      <div className="ui-field editor-field">
        <label htmlFor="editor-card-file" className="ui-field__label">
          {t('cardIo.import')}
        </label>
        <input
          id="editor-card-file"
          className="editor-file"
          type="file"
          accept=".png,.json,.charx,image/png,application/json,application/zip"
          disabled={state.busy}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className="ui-field__hint">{t('cardIo.importHint')}</p>
        {state.busy ? <p className="ui-field__hint">{t('cardIo.reading')}</p> : null}
        {state.problem ? (
          <p className="ui-field__error" role="alert">
            {state.problem}
          </p>
        ) : null}
      </div>
      {state.card ? (
        <Review
          card={state.card}
          onUse={() => {
            // A whole story adds all its characters in the story editor; the bot editor takes its first character.
            if (story && state.card!.kind === 'story') applyStory(state.card!.bot);
            else applyCard(state.card!.bot);
            setState({ busy: false, problem: null, card: null });
          }}
          onCancel={() => setState({ busy: false, problem: null, card: null })}
        />
      ) : null}
      <nav className="ui-row editor-card-export" aria-label={t('cardIo.export')}>
        <span className="ui-field__label">{t('cardIo.export')}</span>
        {storyId
          ? exportFormats.map((f) => (
              <a key={f} className="ui-button ui-button--ghost ui-button--sm" href={cardExportUrl(storyId, f, characterId)} download>
                {t(`cardIo.format.${f}`)}
              </a>
            ))
          : <span className="ui-field__hint">{t('cardIo.saveFirst')}</span>}
      </nav>
    </Card>
  );
}
