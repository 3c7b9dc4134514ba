// The product's UI kit: design tokens, accessible components and the i18n runtime shared by the shell and every
// remote. It is a federation shared singleton, so the page holds one copy of each, and its stylesheet (tokens and
// component styles, light and dark) comes with it.
import './kit.css';
export { Button, IconButton, CloseButton, type ButtonProps, type ButtonVariant, type ButtonSize, type IconButtonProps } from './components/Button';
export { TextField, TextArea, countCharacters, type TextFieldProps, type TextAreaProps } from './components/TextField';
export { Modal, ConfirmDialog, Select, Tabs, Menu } from './components/lazy';
export type { SelectProps, SelectOption } from './components/Select';
export { Checkbox, Switch } from './components/Choice';
export type { ModalProps, ConfirmDialogProps } from './components/Modal';
export { Toaster } from './components/Toaster';
export type { TabsProps, TabItem } from './components/Tabs';
export type { MenuProps, MenuItem } from './components/Menu';
export { Spinner, ProgressBar, Skeleton, type SpinnerProps, type ProgressBarProps, type SkeletonProps } from './components/Spinner';
export {
  Card,
  Avatar,
  Badge,
  UnreadDot,
  EmptyState,
  ErrorFallback,
  type CardProps,
  type AvatarProps,
  type BadgeProps,
  type EmptyStateProps,
  type ErrorFallbackProps,
} from './components/Display';
export {
  DataTable,
  ListState,
  type Column,
  type DataTableProps,
  type ListStateProps,
  type ListStatus,
  type TableSort,
} from './components/DataTable';
export { cx } from './components/cx';
export { THEMES, applyTheme, getTheme, setTheme, useTheme, type Theme } from './theme/theme';
export { i18n, registerNamespace, registeredNamespaces, changeLanguage } from './i18n/instance';
export { LANGUAGES, LANGUAGE_NAMES, SOURCE_LANGUAGE, catalogueLanguage, initialLanguage, isLanguage, type Language } from './i18n/languages';
export type { Translation, CatalogueLoader, NamespaceLoaders } from './i18n/types';
export { messageForCode, messageForError, uiMessage } from './i18n/messages';
export { formatCount, formatRelativeTime, formatDate, useFormat } from './i18n/format';
export { LanguageSwitcher, ThemeSwitcher } from './i18n/LanguageSwitcher';
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
export { useDocumentTitle } from './hooks/useDocumentTitle';
export { PrerenderedPage, capturePrerenderedPage, showsPrerenderedPage } from './components/Prerendered';
