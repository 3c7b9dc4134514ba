import type { JSX } from 'react';
import { isEndingNode, NEXT_HANDLE, NodeType, OTHERWISE_HANDLE, type StoryDetail } from 'shared-kit';
import { useBrainstormT } from '../i18n';

type Node = StoryDetail['nodes'][number];
type Value = string | number | boolean;

const OPS: Record<string, string> = { eq: '=', ne: '≠', gt: '>', ge: '≥', lt: '<', le: '≤' };

/**
 * A branching outline as the brainstorm wrote it (issue 29): each scene and choice in order with where it leads (a
 * choice's options each with their way on), then the endings with their texts. Plain lists and text, so it reads the
 * same with a screen reader, on a phone and on a desktop. Variables are listed with the outline; a scene's rules, a
 * variable change and a judge on variables each read as a sentence ("Trust +1", "If Trust ≥ 2: …").
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
    if (n.node_type === NodeType.VariableAssignment || n.node_type === NodeType.JudgeContent) return t('outline.toStep', { name: n.name });
    return t('outline.toScene', { name: n.name });
  }
  const targetOf = (n: Node, handle: string) => edges.find((e) => e.source === n.node_id && e.handle === handle)?.target;
  const variables = story.variables ?? [];
  const labelOf = (name: string) => variables.find((v) => v.name === name)?.label || name;
  const valueOf = (v: Value) => (typeof v === 'boolean' ? t(v ? 'outline.yes' : 'outline.no') : String(v));
  /** "Trust +1", "Trust −1" or "Has the key = yes". */
  const change = (a: { variable: string; op: string; value: Value }) =>
    a.op === 'add' && typeof a.value === 'number' ? `${labelOf(a.variable)} ${a.value < 0 ? '−' : '+'}${Math.abs(a.value)}` : `${labelOf(a.variable)} = ${valueOf(a.value)}`;
  const test = (c: { variable: string; op: string; value: Value }) => `${labelOf(c.variable)} ${OPS[c.op] ?? c.op} ${valueOf(c.value)}`;
  const then = (n: Node) => <p className="bs-muted">{t('outline.then', { to: nameOf(targetOf(n, NEXT_HANDLE)) })}</p>;

  function step(n: Node): JSX.Element {
    if (n.node_type === NodeType.VariableAssignment) {
      return (
        <>
          <strong>{t('outline.assign', { name: n.name })}</strong>
          <p>{(n.assignments ?? []).map(change).join(t('outline.listJoin'))}</p>
          {then(n)}
        </>
      );
    }
    if (n.node_type === NodeType.JudgeContent) {
      return (
        <>
          <strong>{t('outline.judge', { name: n.name })}</strong>
          <ul className="bs-outline__options" aria-label={t('outline.routesOf', { name: n.name })}>
            {(n.routes ?? []).map((r) => (
              <li key={r.route_id}>{r.condition ? t('outline.route', { test: test(r.condition), to: nameOf(targetOf(n, r.route_id)) }) : t('outline.outcome', { text: r.outcome ?? '', to: nameOf(targetOf(n, r.route_id)) })}</li>
            ))}
            <li>{t('outline.otherwise', { to: nameOf(targetOf(n, OTHERWISE_HANDLE)) })}</li>
          </ul>
        </>
      );
    }
    return (
      <>
        <strong>{t('outline.scene', { name: n.name })}</strong>
        <p>{n.content}</p>
        {n.ending_content ? <p className="bs-muted">{t('result.objective', { text: n.ending_content })}</p> : null}
        {(n.rules ?? []).map((r) => (
          <p key={r.rule_id} className="bs-muted">
            {t('outline.rule', { when: r.when, change: change(r) })}
          </p>
        ))}
        {then(n)}
      </>
    );
  }

  return (
    <>
      <h3 className="ui-heading-3">{t('outline.heading')}</h3>
      <p className="bs-muted">
        {t('outline.summary', {
          choices: t('outline.choices', { count: choices.length }),
          endings: t('outline.endingsCount', { count: endings.length }),
        })}
      </p>
      {variables.length > 0 ? (
        <p className="bs-muted" data-testid="outline-variables">
          {t('outline.variables', {
            list: variables.map((v) => t(v.visible ? 'outline.variableShown' : 'outline.variableHidden', { name: v.label || v.name, initial: valueOf(v.initial) })).join(t('outline.listJoin')),
          })}
        </p>
      ) : null}
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
                step(n)
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
