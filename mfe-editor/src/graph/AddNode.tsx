import { useState, type JSX } from 'react';
import { LIMITS, NodeType } from 'shared-kit';
import { Button } from 'ui-kit';
import { useEditorT } from '../i18n';
import { graphActions } from '../stores/editor/graph';
import { NativeSelect } from './controls';

export const ADDABLE_TYPES = [
  NodeType.NormalContent,
  NodeType.ChoiceContent,
  NodeType.JudgeContent,
  NodeType.VariableAssignment,
  NodeType.Success,
  NodeType.Fail,
  NodeType.Folder,
] as const;

/** Adds a node of the chosen type (placed below the others in the graph view). */
export function AddNode({ scope, count, onAdded }: { scope: string; count: number; onAdded?: (id: string) => void }): JSX.Element {
  const { t } = useEditorT();
  const [type, setType] = useState<NodeType>(NodeType.NormalContent);
  return (
    <div className="graph-add ui-row">
      <NativeSelect id={`${scope}-add-type`} label={t('graph.nodeType')} value={type} options={ADDABLE_TYPES.map((k) => ({ value: k, label: t(`graph.types.${k}`) }))} onChange={(v) => setType(v as NodeType)} />
      <Button
        disabled={count >= LIMITS.maxPlots}
        onClick={() => {
          // Right of the line a story of chapters reads as, three to a row, so new nodes never cover others.
          const id = graphActions.addNode(type, { x: 300 + (count % 3) * 240, y: Math.floor(count / 3) * 180 });
          onAdded?.(id);
        }}
      >
        {t('graph.addNode')}
      </Button>
    </div>
  );
}
