import type { JSX } from 'react';
import type { UgcVoiceCategories, UgcVoiceTag } from 'shared-kit';
import { useEditorT } from '../../i18n';

export const tagKey = (t: UgcVoiceTag): string => `${t.category}:${t.value}`;

/** Up to `max` tags, picked from the categories (gender, age, trait). */
export function TagPicker({ categories, value, max, onChange, idBase }: { categories: UgcVoiceCategories; value: UgcVoiceTag[]; max: number; onChange: (tags: UgcVoiceTag[]) => void; idBase: string }): JSX.Element {
  const { t } = useEditorT();
  const chosen = new Set(value.map(tagKey));
  return (
    <fieldset className="voices-tags">
      <legend>{t('voices.tags', { max })}</legend>
      {categories.categories.map((c) => (
        <div key={c.category} className="voices-tags__group" role="group" aria-labelledby={`${idBase}-${c.category}`}>
          <span id={`${idBase}-${c.category}`} className="voices-tags__cat">
            {t(`voices.category.${c.category}`)}
          </span>
          {c.values.map((v) => {
            const key = `${c.category}:${v}`;
            const on = chosen.has(key);
            return (
              <label key={key} className="voices-tag">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && value.length >= max}
                  onChange={() => onChange(on ? value.filter((x) => tagKey(x) !== key) : [...value, { category: c.category, value: v }])}
                />
                {t(`voices.tag.${v}`)}
              </label>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
