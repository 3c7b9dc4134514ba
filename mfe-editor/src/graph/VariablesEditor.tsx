import type { JSX } from 'react';
import { VARIABLE_KINDS, type StoryIssue, type StoryVariable, type StoryVariableKind } from 'shared-kit';
import { Button, Checkbox, TextField } from 'ui-kit';
import { issueMessage, useEditorT } from '../i18n';
import { graphActions } from '../stores/editor/graph';
import { NativeSelect } from './controls';
import { ValueInput } from './ValueFields';

const initialOf = (kind: StoryVariableKind) => (kind === 'Integer' ? 0 : kind === 'Bool' ? false : '');
const bound = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number.parseInt(raw, 10));

/** The story's variables: name, kind, start value, bounds (whole numbers), shown to the player or not. */
export function VariablesEditor({ variables, problems, scope }: { variables: readonly StoryVariable[]; problems: readonly StoryIssue[]; scope: string }): JSX.Element {
  const { t } = useEditorT();
  const set = (i: number, patch: Partial<StoryVariable>) => graphActions.setVariables(variables.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const add = () => {
    let n = variables.length + 1;
    while (variables.some((v) => v.name === `var${n}`)) n += 1;
    graphActions.setVariables([...variables, { name: `var${n}`, kind: 'Integer', initial: 0, visible: false }]);
  };
  return (
    <section className="graph-vars" aria-labelledby={`${scope}-vars`}>
      <h3 id={`${scope}-vars`}>{t('graph.variables')}</h3>
      {variables.length === 0 && <p className="ui-text-muted">{t('graph.variablesEmpty')}</p>}
      {variables.map((v, i) => {
        const problem = problems.find((p) => p.path === `variables.${i}`);
        return (
          <div key={i} className="graph-row" role="group" aria-label={v.name}>
            <TextField id={`${scope}-var-${i}-name`} label={t('graph.variableName')} value={v.name} onChange={(e) => set(i, { name: e.target.value })} />
            <NativeSelect
              id={`${scope}-var-${i}-kind`}
              label={t('graph.variableKind')}
              value={v.kind}
              options={VARIABLE_KINDS.map((k) => ({ value: k, label: t(`graph.kinds.${k}`) }))}
              onChange={(k) => set(i, { kind: k as StoryVariableKind, initial: initialOf(k as StoryVariableKind), min: undefined, max: undefined })}
            />
            <ValueInput id={`${scope}-var-${i}-initial`} variable={v} value={v.initial} label={t('graph.variableInitial')} onChange={(initial) => set(i, { initial })} />
            {v.kind === 'Integer' && (
              <>
                <TextField id={`${scope}-var-${i}-min`} type="number" label={t('graph.variableMin')} value={v.min ?? ''} onChange={(e) => set(i, { min: bound(e.target.value) })} />
                <TextField id={`${scope}-var-${i}-max`} type="number" label={t('graph.variableMax')} value={v.max ?? ''} onChange={(e) => set(i, { max: bound(e.target.value) })} />
              </>
            )}
            <Checkbox label={t('graph.variableVisible')} checked={v.visible} onCheckedChange={(c) => set(i, { visible: c === true })} />
            <Button variant="ghost" size="sm" onClick={() => graphActions.setVariables(variables.filter((_, j) => j !== i))}>
              {t('graph.removeVariable', { name: v.name })}
            </Button>
            {problem && <p className="graph-problem" role="note">{issueMessage(problem)}</p>}
          </div>
        );
      })}
      <Button size="sm" onClick={add}>
        {t('graph.addVariable')}
      </Button>
    </section>
  );
}
