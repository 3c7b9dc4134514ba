import type { JSX } from 'react';
import { isEndingNode, NEXT_HANDLE, NodeType, type StoryDetail } from 'shared-kit';
import { useBrainstormT } from '../i18n';

type Node = StoryDetail['nodes'][number];

/**
 * A branching outline as the brainstorm wrote it (issue 29): each scene and choice in order with where it leads (a
 * choice's options each with their way on), then the endings with their texts. Plain lists and text, so it reads the
 * same with a screen reader, on a phone and on a desktop.
 */
export function BranchingOutline({ story }: { story: StoryDetail }): JSX.Element {
  const { t } = useBrainstormT();
  const byId = new Map(story.nodes.map((n) => [n.node_id, n]));
  const edges = story.edges ?? [];
  const endings = story.nodes.filter(isEndingNode);
  const choices = story.nodes.filter((n) => n.node_type === NodeType.ChoiceContent);

  /** How a node is named where something leads to it. */
  function nameOf(id: string | undefined): string {
    const n = id === undefined ? undefined : byId.get(id);
    if (!n) return t('outline.nowhere');
    if (n.node_type === NodeType.Success) return t('outline.toSuccess', { name: n.name || t('outline.ending') });
    if (n.node_type === NodeType.Fail) return t('outline.toFail', { name: n.name || t('outline.ending') });
    if (n.node_type === NodeType.ChoiceContent) return t('outline.toChoice', { name: n.name });
    return t('outline.toScene', { name: n.name });
  }
  const targetOf = (n: Node, handle: string) => edges.find((e) => e.source === n.node_id && e.handle === handle)?.target;

  return (
    <>
      <h3 className="ui-heading-3">{t('outline.heading')}</h3>
      <p className="bs-muted">
        {t('outline.summary', {
          choices: t('outline.choices', { count: choices.length }),
          endings: t('outline.endingsCount', { count: endings.length }),
        })}
      </p>
      <ol className="bs-chapters bs-outline" data-testid="branching-outline">
        {story.nodes
          .filter((n) => !isEndingNode(n) && n.node_type !== NodeType.Folder)
          .map((n) => (
            <li key={n.node_id} className={n.node_type === NodeType.ChoiceContent ? 'bs-outline__choice' : undefined}>
              {n.node_type === NodeType.ChoiceContent ? (
                <>
                  <strong>{t('outline.choice', { name: n.name })}</strong>
                  <p>{n.content}</p>
                  <ul className="bs-outline__options" aria-label={t('outline.optionsOf', { name: n.name })}>
                    {(n.options ?? []).map((o) => (
                      <li key={o.option_id}>
                        {t('outline.option', { text: o.text, to: nameOf(targetOf(n, o.option_id)) })}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <>
                  <strong>{t('outline.scene', { name: n.name })}</strong>
                  <p>{n.content}</p>
                  {n.ending_content ? <p className="bs-muted">{t('result.objective', { text: n.ending_content })}</p> : null}
                  <p className="bs-muted">{t('outline.then', { to: nameOf(targetOf(n, NEXT_HANDLE)) })}</p>
                </>
              )}
            </li>
          ))}
      </ol>
      <h3 className="ui-heading-3">{t('outline.endings')}</h3>
      <ul className="bs-chapters bs-outline" aria-label={t('outline.endings')}>
        {endings.map((e) => (
          <li key={e.node_id} className={e.node_type === NodeType.Success ? 'bs-outline__success' : 'bs-outline__fail'}>
            <strong>{t(e.node_type === NodeType.Success ? 'outline.success' : 'outline.fail', { name: e.name || t('outline.ending') })}</strong>
            <p>{e.content}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
