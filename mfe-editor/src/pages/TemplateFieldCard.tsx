import type { JSX } from 'react';
import {
  boxLimit,
  TemplateBox,
  TemplateFieldType,
  TemplateTargetKind,
  TEMPLATE_LIMITS,
  type TemplateContent,
  type TemplateField,
  type TemplateIssue,
} from 'shared-kit';
import { Badge, Button, Card, Checkbox, Select, TextField } from 'ui-kit';
import { ImagePicker } from '../components/ImagePicker';
import { useEditorT } from '../i18n';
import { selectBgms } from '../stores/mediaOptions/selectors';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { templateIssueText } from './templateIssues';

export interface TemplateFieldCardProps {
  field: TemplateField;
  index: number;
  count: number;
  story: TemplateContent['story'];
  issues: Map<string, TemplateIssue>;
  onChange: (change: (f: TemplateField) => void) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

/** The select's value for "no default music" (a select option cannot have an empty value). */
const NO_DEFAULT = 'none';

/** A sound field's default: one of the editor's music clips, or none. */
function DefaultMusic({
  field,
  error,
  onChange,
}: {
  field: TemplateField;
  error?: string;
  onChange: (vid: string) => void;
}): JSX.Element {
  const { t } = useEditorT();
  const bgms = useMediaOptionsStore(selectBgms);
  return (
    <Select
      label={t('template.fields.defaultMusic')}
      value={field.default_value || NO_DEFAULT}
      options={[
        { value: NO_DEFAULT, label: t('template.fields.noDefault') },
        ...bgms.map((b) => ({
          value: b.vid,
          label: t('fields.musicOption', { name: b.name, style: b.music_style }),
        })),
      ]}
      error={error}
      onValueChange={(v) => onChange(v === NO_DEFAULT ? '' : v)}
    />
  );
}

/**
 * One field of a template: its name, box, limit, placeholder, default and whether it is optional; or, for a picture
 * or sound, where it goes and its default (a picture through the upload checks, a music clip).
 */
export function TemplateFieldCard({
  field,
  index,
  count,
  story,
  issues,
  onChange,
  onMove,
  onDelete,
}: TemplateFieldCardProps): JSX.Element {
  const { t } = useEditorT();
  const at = `fields.${index}`;
  const err = (key: string) => templateIssueText(issues.get(`${at}.${key}`));
  const title = field.name.trim() || t('template.fields.unnamed', { n: index + 1 });
  const targets =
    field.type === TemplateFieldType.Image
      ? [
          { value: `${TemplateTargetKind.Cover}:`, label: t('template.fields.targetCover') },
          ...story.characters.map((c, i) => ({
            value: `${TemplateTargetKind.Character}:${c.character_id}`,
            label: t('template.fields.targetCharacter', {
              name: c.character_name || t('common.characterN', { n: i + 1 }),
            }),
          })),
          ...story.nodes.map((n, i) => ({
            value: `${TemplateTargetKind.Chapter}:${n.node_id}`,
            label: t('template.fields.targetChapter', { name: n.name || t('common.chapterN', { n: i + 1 }) }),
          })),
        ]
      : story.nodes.map((n, i) => ({
          value: `${TemplateTargetKind.Chapter}:${n.node_id}`,
          label: t('template.fields.targetMusic', { name: n.name || t('common.chapterN', { n: i + 1 }) }),
        }));
  return (
    <Card as="li" className="editor-card" aria-label={title}>
      <div className="editor-card__head">
        <h3>
          {title} <Badge>{t(`template.fields.type.${field.type}`)}</Badge>
        </h3>
        <div className="ui-row">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('template.fields.moveUpLabel', { name: title })}
          >
            {t('template.fields.moveUp')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('template.fields.moveDownLabel', { name: title })}
          >
            {t('template.fields.moveDown')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="editor-danger-text"
            onClick={onDelete}
            aria-label={t('template.fields.deleteLabel', { name: title })}
          >
            {t('common.delete')}
          </Button>
        </div>
      </div>
      <div className="editor-grid">
        <TextField
          label={t('template.fields.name')}
          value={field.name}
          limit={TEMPLATE_LIMITS.fieldName}
          error={err('name')}
          onChange={(e) => onChange((f) => void (f.name = e.target.value))}
        />
        {field.type === TemplateFieldType.Text ? (
          <>
            <Select
              label={t('template.fields.box')}
              value={field.box}
              options={[
                { value: TemplateBox.Short, label: t('template.fields.boxShort') },
                { value: TemplateBox.Long, label: t('template.fields.boxLong') },
              ]}
              onValueChange={(v) =>
                onChange((f) => {
                  f.box = v === TemplateBox.Long ? TemplateBox.Long : TemplateBox.Short;
                  f.max_length = Math.min(f.max_length, boxLimit(f.box));
                })
              }
            />
            <TextField
              label={t('template.fields.maxLength')}
              type="number"
              inputMode="numeric"
              min={1}
              max={boxLimit(field.box)}
              value={String(field.max_length)}
              error={err('max_length')}
              hint={t('template.fields.maxLengthHint', { max: boxLimit(field.box) })}
              onChange={(e) =>
                onChange((f) => void (f.max_length = Number.parseInt(e.target.value, 10) || 0))
              }
            />
            <TextField
              label={t('template.fields.placeholder')}
              value={field.placeholder}
              limit={TEMPLATE_LIMITS.placeholder}
              error={err('placeholder')}
              onChange={(e) => onChange((f) => void (f.placeholder = e.target.value))}
            />
            <TextField
              label={t('template.fields.defaultValue')}
              value={field.default_value}
              limit={field.max_length > 0 ? field.max_length : undefined}
              error={err('default_value')}
              onChange={(e) => onChange((f) => void (f.default_value = e.target.value))}
            />
          </>
        ) : (
          <>
            <Select
              label={
                field.type === TemplateFieldType.Image
                  ? t('template.fields.targetImage')
                  : t('template.fields.targetSound')
              }
              value={field.target ? `${field.target.kind}:${field.target.id}` : undefined}
              placeholder={t('template.fields.targetChoose')}
              options={targets}
              error={err('target')}
              onValueChange={(v) =>
                onChange((f) => {
                  const [kind = '', id = ''] = v.split(':');
                  f.target = { kind: kind as TemplateTargetKind, id };
                })
              }
            />
            {field.type === TemplateFieldType.Sound ? (
              <DefaultMusic
                field={field}
                error={err('default_value')}
                onChange={(vid) => onChange((f) => void (f.default_value = vid))}
              />
            ) : (
              <ImagePicker
                fkey={`template-field-${field.field_id}-default`}
                label={t('template.fields.defaultPicture', { name: title })}
                use={
                  field.target?.kind === TemplateTargetKind.Character
                    ? 'character'
                    : field.target?.kind === TemplateTargetKind.Chapter
                      ? 'background'
                      : 'cover'
                }
                value={field.default_value}
                onChange={(url) => onChange((f) => void (f.default_value = url))}
              />
            )}
          </>
        )}
        <Checkbox
          label={t('template.fields.optional')}
          checked={field.is_optional}
          onCheckedChange={(c) => onChange((f) => void (f.is_optional = c))}
        />
      </div>
    </Card>
  );
}
