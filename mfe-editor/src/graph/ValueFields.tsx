import type { JSX } from 'react';
import { TextField } from 'ui-kit';
import { CONDITION_OPS, EQUALITY_OPS, type StoryVariable, type VariableValue } from 'shared-kit';
import { useEditorT } from '../i18n';
import { NativeSelect } from './controls';

/** A value typed for a variable's kind: a number, true/false, or text. */
export function valueFor(variable: StoryVariable | undefined, raw: string): VariableValue {
  if (!variable || variable.kind === 'String') return raw;
  if (variable.kind === 'Bool') return raw === 'true';
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : 0;
}

/** The value control for a variable's kind. */
export function ValueInput({ variable, value, label, onChange, id }: { variable: StoryVariable | undefined; value: VariableValue; label: string; onChange: (v: VariableValue) => void; id: string }): JSX.Element {
  const { t } = useEditorT();
  if (variable?.kind === 'Bool') {
    return (
      <NativeSelect
        id={id}
        label={label}
        value={String(value === true)}
        options={[{ value: 'true', label: t('graph.true') }, { value: 'false', label: t('graph.false') }]}
        onChange={(v) => onChange(v === 'true')}
      />
    );
  }
  return (
    <TextField
      id={id}
      className="graph-field"
      label={label}
      type={variable?.kind === 'Integer' ? 'number' : 'text'}
      value={String(value)}
      onChange={(e) => onChange(valueFor(variable, e.target.value))}
    />
  );
}

/** A test on a variable: which variable, which test (equality only for yes/no and text), which value. */
export function TestFields({
  variables,
  variable,
  op,
  value,
  ops,
  idBase,
  onChange,
}: {
  variables: readonly StoryVariable[];
  variable: string;
  op: string;
  value: VariableValue;
  /** The operators to offer: the condition tests, or set/add for a change. */
  ops: 'test' | 'change';
  idBase: string;
  onChange: (next: { variable: string; op: string; value: VariableValue }) => void;
}): JSX.Element {
  const { t } = useEditorT();
  const v = variables.find((x) => x.name === variable);
  const opChoices =
    ops === 'change'
      ? [{ value: 'set', label: t('graph.set') }, ...(v?.kind === 'Integer' || !v ? [{ value: 'add', label: t('graph.addBy') }] : [])]
      : (v && v.kind !== 'Integer' ? EQUALITY_OPS : CONDITION_OPS).map((o) => ({ value: o, label: t(`graph.ops.${o}`) }));
  return (
    <div className="graph-test">
      <NativeSelect
        id={`${idBase}-var`}
        label={t('graph.variable')}
        value={variable}
        options={[...(v ? [] : [{ value: variable, label: variable || '—' }]), ...variables.map((x) => ({ value: x.name, label: x.label || x.name }))]}
        onChange={(name) => {
          const next = variables.find((x) => x.name === name);
          onChange({ variable: name, op: ops === 'change' ? 'set' : 'eq', value: next ? next.initial : value });
        }}
      />
      <NativeSelect id={`${idBase}-op`} label={t('graph.operator')} value={op} options={opChoices} onChange={(o) => onChange({ variable, op: o, value })} />
      <ValueInput id={`${idBase}-val`} variable={v} value={value} label={t('graph.value')} onChange={(val) => onChange({ variable, op, value: val })} />
    </div>
  );
}
