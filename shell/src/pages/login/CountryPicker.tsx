import { useId, useMemo, useState } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { useShellT } from '../../i18n';
import { countries, filterCountries, isCountryCode } from './phone';

/**
 * A searchable country select: the search box narrows the list by name, ISO code or calling code; the select stays
 * a native one so phones show their own picker.
 */
export function CountryPicker({
  value,
  onChange,
  disabled = false,
  initialQuery = '',
}: {
  value: CountryCode;
  /** A search typed before the page took over the server's form. */
  initialQuery?: string;
  onChange: (code: CountryCode) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useShellT();
  const [query, setQuery] = useState(initialQuery);
  const searchId = useId();
  const selectId = useId();
  const all = countries(i18n.language);
  const options = useMemo(() => {
    const found = filterCountries(all, query);
    // The chosen country stays listed, so the select never shows a value it has no option for.
    const selected = all.find((c) => c.code === value);
    return selected && !found.includes(selected) ? [selected, ...found] : found;
  }, [all, query, value]);
  const matches = options.filter((c) => c.code !== value || filterCountries([c], query).length > 0).length;

  return (
    <div className="country-picker">
      <label className="ui-field__label" htmlFor={searchId}>
        {t('login.searchCountries')}
      </label>
      <input
        id={searchId}
        className="ui-input country-picker__search"
        type="search"
        value={query}
        placeholder={t('login.searchPlaceholder')}
        autoComplete="off"
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value;
          setQuery(next);
          // One match is the one meant: pick it, as a combobox would on Enter.
          const found = filterCountries(all, next);
          if (next.trim() && found.length === 1 && found[0]) onChange(found[0].code);
        }}
      />
      <label className="ui-field__label" htmlFor={selectId}>
        {t('login.country')}
      </label>
      <select
        id={selectId}
        className="ui-input country-picker__select"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          if (isCountryCode(e.target.value)) onChange(e.target.value);
        }}
      >
        {options.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} (+{c.callingCode})
          </option>
        ))}
      </select>
      {query.trim() && matches === 0 ? (
        <p className="ui-field__hint" role="status">
          {t('login.noCountry', { query: query.trim() })}
        </p>
      ) : null}
    </div>
  );
}
