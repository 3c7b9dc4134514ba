import { useTranslation } from 'react-i18next';
import { SelectOnDemand as Select } from '../components/lazy';
import { useTheme, type Theme } from '../theme/theme';
import { changeLanguage } from './instance';
import { LANGUAGES, LANGUAGE_NAMES, catalogueLanguage } from './languages';

/**
 * The header's language choice; the choice is stored and sent with every request. Its select's code is not part of
 * the first paint (a stand-in shows the language until it comes).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Select
      className={className}
      label={t('language')}
      hideLabel
      value={catalogueLanguage(i18n.language)}
      onValueChange={(value) => void changeLanguage(value)}
      options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
    />
  );
}

/** Light or dark; the choice is stored under the common storage-key prefix. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [theme, setTheme] = useTheme();
  return (
    <Select
      className={className}
      label={t('theme')}
      hideLabel
      value={theme}
      onValueChange={(value) => setTheme(value as Theme)}
      options={[
        { value: 'light', label: t('themeLight') },
        { value: 'dark', label: t('themeDark') },
      ]}
    />
  );
}
