import type { JSX } from 'react';
import { SETTABLE_OPERATION_STATUSES, VISIBILITY_TAGS, type SettableOperationStatus, type StoryOperation } from 'shared-kit';
import { Select } from 'ui-kit';
import { useOpsT } from '../i18n';

/** The two choices with a decision: `unchanged` leaves a value as it is; `none` (tag only) removes the tag. */
export interface OperationChoice {
  op: string;
  tag: string;
}

export const UNCHANGED: OperationChoice = { op: 'unchanged', tag: 'unchanged' };

/** What the api takes for a choice: only the values the operator changed. */
export function operationOf(choice: OperationChoice): StoryOperation {
  const tag = VISIBILITY_TAGS.find((v) => v === choice.tag);
  return {
    ...(isOperation(choice.op) ? { op_status: choice.op } : {}),
    ...(choice.tag === 'none' ? { visibility: null } : tag ? { visibility: tag } : {}),
  };
}

const isOperation = (op: string): op is SettableOperationStatus => (SETTABLE_OPERATION_STATUSES as readonly string[]).includes(op);

/** Operation status and visibility tag selects (spec section 3), for a review decision or a story's attributes. */
export function OperationFields({ value, onChange }: { value: OperationChoice; onChange: (v: OperationChoice) => void }): JSX.Element {
  const { t } = useOpsT();
  return (
    <fieldset>
      <Select
        label={t('operate.opStatus')}
        value={value.op}
        onValueChange={(op) => onChange({ ...value, op })}
        options={[{ value: 'unchanged', label: t('operate.unchanged') }, ...SETTABLE_OPERATION_STATUSES.map((s) => ({ value: s, label: t(`operate.ops.${s}`) }))]}
      />
      <Select
        label={t('operate.visibility')}
        value={value.tag}
        onValueChange={(tag) => onChange({ ...value, tag })}
        options={[
          { value: 'unchanged', label: t('operate.unchanged') },
          { value: 'none', label: t('operate.noTag') },
          ...VISIBILITY_TAGS.map((v) => ({ value: v, label: t(`operate.tags.${v}`) })),
        ]}
      />
    </fieldset>
  );
}
