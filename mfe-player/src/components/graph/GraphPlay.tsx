import { useEffect, useState, type JSX } from 'react';
import type { EndingsFound, PlayGraphInfo } from 'shared-kit';
import { Button, Spinner } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { endingsFound } from '../../services/graph.service';

/**
 * A branching story on the play screen: the options on offer as buttons (native buttons: Tab and Enter or Space),
 * the variables the creator shows ("Trust 3", "Has the key"), and after an ending the endings found and the map of
 * the places this play passed.
 */

/** The status line of the visible variables; nothing when none is shown (a false flag is not shown). */
export function VariableStatus({ graph }: { graph: PlayGraphInfo }): JSX.Element | null {
  const { t } = usePlayerT();
  const shown = graph.variables.filter((v) => v.kind !== 'Bool' || v.value === true);
  if (shown.length === 0) return null;
  return (
    <ul className="player-graph-status" aria-label={t('graph.status')} data-testid="variable-status">
      {shown.map((v) => (
        <li key={v.name} className="player-graph-status__item">
          {v.kind === 'Bool' ? t('graph.flagOn', { label: v.label }) : t('graph.valueOf', { label: v.label, value: String(v.value) })}
        </li>
      ))}
    </ul>
  );
}

/** The options on offer as buttons. */
export function ChoiceButtons({ graph, disabled, onPick }: { graph: PlayGraphInfo; disabled: boolean; onPick: (optionId: string) => void }): JSX.Element | null {
  const { t } = usePlayerT();
  if (graph.choices.length === 0) return null;
  return (
    <div className="player-options player-graph-choices" role="group" aria-label={t('graph.choices')} data-testid="graph-choices">
      {graph.choices.map((c) => (
        <Button key={c.option_id} className="player-option" disabled={disabled} onClick={() => onPick(c.option_id)}>
          {c.text}
        </Button>
      ))}
    </div>
  );
}

/** After an ending: which ending, how many of the story's the player found, and the map of this play. */
export function EndingsAndMap({ storyId, playId, title }: { storyId: string; playId: string; title: string }): JSX.Element {
  const { t } = usePlayerT();
  const [data, setData] = useState<EndingsFound | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    endingsFound(storyId, playId).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [storyId, playId]);
  return (
    <div className="player-graph-ending" data-testid="graph-ending">
      {title ? <p className="player-graph-ending__title">{t('graph.endingReached', { title })}</p> : null}
      {failed ? <p role="alert">{t('graph.mapFailed')}</p> : null}
      {!data && !failed ? (
        <p role="status">
          <Spinner size="sm" decorative /> {t('graph.loadingMap')}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="player-graph-ending__found" data-testid="endings-found">
            {t('graph.endingsFound', { found: data.found.length, count: data.endings_count })}
          </p>
          {data.map ? (
            <section className="player-graph-map" aria-labelledby="player-graph-map-title">
              <h3 id="player-graph-map-title">{t('graph.mapTitle')}</h3>
              <p className="player-graph-map__hint">{t('graph.mapHint')}</p>
              <ol className="player-graph-map__nodes" data-testid="play-map">
                {data.map.nodes.map((n) => (
                  <li key={n.node_id} className={n.reached ? 'player-graph-map__node player-graph-map__node--reached' : 'player-graph-map__node'}>
                    {n.reached ? (
                      <>
                        <span className="player-graph-map__type">{t(`graph.nodeType.${n.node_type ?? 'Simple'}`)}</span> {n.title}
                      </>
                    ) : (
                      <span className="player-graph-map__hidden">{t('graph.hiddenNode')}</span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
