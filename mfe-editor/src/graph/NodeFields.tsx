import type { JSX } from 'react';
import { CHOICE_OPTIONS_MAX, LIMITS, NodeType, OTHERWISE_HANDLE, type StoryEdge, type StoryNode, type StoryVariable } from 'shared-kit';
import { Button, Checkbox, TextArea, TextField } from 'ui-kit';
import { useEditorT } from '../i18n';
import { newId } from '../stores/editor/content';
import { graphActions, handlesOf, targetOf } from '../stores/editor/graph';
import { useEditorStore } from '../stores/editor/store';
import { NativeSelect } from './controls';
import { TestFields } from './ValueFields';

interface Props {
  node: StoryNode;
  nodes: readonly StoryNode[];
  edges: readonly StoryEdge[];
  variables: readonly StoryVariable[];
  /** Distinguishes the ids of the list's and the panel's controls. */
  scope: string;
}

/** A node's title as the editor shows it: its name, else its type. */
export function useNodeTitle(): (node: StoryNode) => string {
  const { t } = useEditorT();
  return (node) => node.name.trim() || `${t(`graph.types.${node.node_type}`)} ${node.node_id.slice(-4)}`;
}

/** "Leads to" for each way out of the node, as selects (the keyboard's way to link nodes). */
export function LeadsTo({ node, nodes, edges, scope }: Omit<Props, 'variables'>): JSX.Element | null {
  const { t } = useEditorT();
  const title = useNodeTitle();
  const handles = handlesOf(node);
  if (handles.length === 0) return null;
  const targets = nodes.filter((n) => n.node_id !== node.node_id && n.node_type !== NodeType.Folder);
  const wayLabel = (handle: string, label: string, i: number): string => {
    if (node.node_type === NodeType.ChoiceContent) return t('graph.option', { n: i + 1 }) + (label ? ` “${label}”` : '');
    if (node.node_type === NodeType.JudgeContent) return handle === OTHERWISE_HANDLE ? t('graph.otherwise') : t('graph.route', { n: i + 1 });
    if (node.node_type === NodeType.VariableAssignment) return t('graph.afterChange');
    return t('graph.next');
  };
  return (
    <fieldset className="graph-leads">
      <legend>{t('graph.leadsTo')}</legend>
      {handles.map(({ handle, label }, i) => (
        <NativeSelect
          key={handle}
          id={`${scope}-${node.node_id}-to-${handle}`}
          label={t('graph.leadsToLabel', { way: wayLabel(handle, label, i) })}
          value={targetOf(edges, node.node_id, handle) ?? ''}
          options={[{ value: '', label: t('graph.nowhere') }, ...targets.map((n) => ({ value: n.node_id, label: `${title(n)} (${t(`graph.types.${n.node_type}`)})` }))]}
          onChange={(target) => graphActions.connect(node.node_id, handle, target || null)}
        />
      ))}
    </fieldset>
  );
}

function ChoiceFields({ node, variables, scope }: Props): JSX.Element {
  const { t } = useEditorT();
  const options = node.options ?? [];
  const setOptions = (next: typeof options) => graphActions.updateNode(node.node_id, { options: next });
  return (
    <>
      {options.map((o, i) => (
        <div key={o.option_id} className="graph-row">
          <TextField
            id={`${scope}-${node.node_id}-opt-${o.option_id}`}
            label={t('graph.optionText', { n: i + 1 })}
            value={o.text}
            maxLength={LIMITS.plotTitle * 4}
            onChange={(e) => setOptions(options.map((x) => (x.option_id === o.option_id ? { ...x, text: e.target.value } : x)))}
          />
          <NativeSelect
            id={`${scope}-${node.node_id}-optc-${o.option_id}`}
            label={t('graph.condition')}
            value={o.condition ? 'if' : 'always'}
            options={[{ value: 'always', label: t('graph.always') }, ...(variables.length > 0 ? [{ value: 'if', label: t('graph.condition') }] : [])]}
            onChange={(v) => {
              const first = variables[0];
              const condition = v === 'if' && first ? { variable: first.name, op: 'eq' as const, value: first.initial } : undefined;
              setOptions(options.map((x) => (x.option_id === o.option_id ? { ...x, condition } : x)));
            }}
          />
          {o.condition && (
            <TestFields
              variables={variables}
              {...o.condition}
              ops="test"
              idBase={`${scope}-${node.node_id}-optt-${o.option_id}`}
              onChange={(c) => setOptions(options.map((x) => (x.option_id === o.option_id ? { ...x, condition: c as typeof o.condition } : x)))}
            />
          )}
          <Button variant="ghost" size="sm" onClick={() => setOptions(options.filter((x) => x.option_id !== o.option_id))}>
            {t('graph.removeOption', { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button size="sm" disabled={options.length >= CHOICE_OPTIONS_MAX} onClick={() => setOptions([...options, { option_id: newId('o'), text: '' }])}>
        {t('graph.addOption')}
      </Button>
      <Checkbox label={t('graph.freeText')} checked={node.free_text ?? false} onCheckedChange={(v) => graphActions.updateNode(node.node_id, { free_text: v === true })} />
    </>
  );
}

function JudgeFields({ node, variables, scope }: Props): JSX.Element {
  const { t } = useEditorT();
  const routes = node.routes ?? [];
  const outcomes = node.judge_mode === 'outcomes';
  const setRoutes = (next: typeof routes) => graphActions.updateNode(node.node_id, { routes: next });
  const first = variables[0];
  const newRoute = () => ({ route_id: newId('r'), ...(outcomes ? { outcome: '' } : first ? { condition: { variable: first.name, op: 'eq' as const, value: first.initial } } : {}) });
  return (
    <>
      <NativeSelect
        id={`${scope}-${node.node_id}-mode`}
        label={t('graph.judgeMode')}
        value={outcomes ? 'outcomes' : 'variables'}
        options={[{ value: 'variables', label: t('graph.judgeVariables') }, { value: 'outcomes', label: t('graph.judgeOutcomes') }]}
        onChange={(mode) => graphActions.updateNode(node.node_id, { judge_mode: mode as 'variables' | 'outcomes' })}
      />
      {routes.map((r, i) => (
        <div key={r.route_id} className="graph-row">
          {outcomes ? (
            <TextField
              id={`${scope}-${node.node_id}-out-${r.route_id}`}
              label={t('graph.outcome', { n: i + 1 })}
              value={r.outcome ?? ''}
              onChange={(e) => setRoutes(routes.map((x) => (x.route_id === r.route_id ? { ...x, outcome: e.target.value } : x)))}
            />
          ) : (
            <TestFields
              variables={variables}
              variable={r.condition?.variable ?? ''}
              op={r.condition?.op ?? 'eq'}
              value={r.condition?.value ?? ''}
              ops="test"
              idBase={`${scope}-${node.node_id}-route-${r.route_id}`}
              onChange={(c) => setRoutes(routes.map((x) => (x.route_id === r.route_id ? { ...x, condition: c as NonNullable<typeof r.condition> } : x)))}
            />
          )}
          <Button variant="ghost" size="sm" onClick={() => setRoutes(routes.filter((x) => x.route_id !== r.route_id))}>
            {t('graph.removeRoute', { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button size="sm" onClick={() => setRoutes([...routes, newRoute()])}>
        {t('graph.addRoute')}
      </Button>
    </>
  );
}

function AssignmentFields({ node, variables, scope }: Props): JSX.Element {
  const { t } = useEditorT();
  const changes = node.assignments ?? [];
  const setChanges = (next: typeof changes) => graphActions.updateNode(node.node_id, { assignments: next });
  const first = variables[0];
  return (
    <>
      {changes.map((a, i) => (
        <div key={i} className="graph-row">
          <TestFields variables={variables} {...a} ops="change" idBase={`${scope}-${node.node_id}-chg-${i}`} onChange={(c) => setChanges(changes.map((x, j) => (j === i ? (c as typeof a) : x)))} />
          <Button variant="ghost" size="sm" onClick={() => setChanges(changes.filter((_, j) => j !== i))}>
            {t('graph.removeChange', { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button size="sm" disabled={!first} onClick={() => first && setChanges([...changes, { variable: first.name, op: 'set', value: first.initial }])}>
        {t('graph.addChange')}
      </Button>
    </>
  );
}

/** The fields of one node by its type, and where each of its ways out leads. */
export function NodeFields(props: Props): JSX.Element {
  const { t } = useEditorT();
  const { node, scope } = props;
  const update = useEditorStore((s) => s.updateNode);
  const id = (f: string) => `${scope}-${node.node_id}-${f}`;
  const type = node.node_type;
  const scene = type === NodeType.Simple || type === NodeType.NormalContent;
  const ending = type === NodeType.Success || type === NodeType.Fail;
  return (
    <div className="graph-fields">
      <TextField id={id('name')} label={t('graph.name')} value={node.name} onChange={(e) => update(node.node_id, { name: e.target.value })} />
      {(scene || type === NodeType.ChoiceContent) && (
        <TextArea id={id('content')} label={scene ? t('graph.content') : t('graph.prompt')} rows={3} limit={LIMITS.plotContent} value={node.content} onChange={(e) => update(node.node_id, { content: e.target.value })} />
      )}
      {scene && <TextArea id={id('objective')} label={t('graph.objective')} rows={2} limit={LIMITS.plotEnding} value={node.ending_content} onChange={(e) => update(node.node_id, { ending_content: e.target.value })} />}
      {ending && <TextArea id={id('ending')} label={t('graph.endingText')} rows={2} limit={LIMITS.plotContent} value={node.content} onChange={(e) => update(node.node_id, { content: e.target.value })} />}
      {type === NodeType.ChoiceContent && <ChoiceFields {...props} />}
      {type === NodeType.JudgeContent && <JudgeFields {...props} />}
      {type === NodeType.VariableAssignment && <AssignmentFields {...props} />}
      <LeadsTo {...props} />
    </div>
  );
}
