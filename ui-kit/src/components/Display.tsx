import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './cx';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `article` for a self-contained item (a story card), `section` or `div` otherwise. */
  as?: 'div' | 'article' | 'section' | 'li';
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', interactive = false, className, ...rest }: CardProps) {
  return <Tag className={cx('ui-card', interactive && 'ui-card--interactive', className)} {...rest} />;
}

export interface AvatarProps {
  /** The person's name: the image's alt text and the initial shown without an image. */
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  /** Next to the name in text, the avatar adds nothing for screen readers. */
  decorative?: boolean;
  className?: string;
}

export function Avatar({ name, src, size = 'md', decorative = false, className }: AvatarProps) {
  const classes = cx('ui-avatar', `ui-avatar--${size}`, className);
  if (src) return <img className={classes} src={src} alt={decorative ? '' : name} />;
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className={classes} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name} aria-hidden={decorative || undefined}>
      {initial}
    </span>
  );
}

export interface BadgeProps {
  children: ReactNode;
  tone?: 'neutral' | 'info' | 'success' | 'warning' | 'danger';
  className?: string;
}

export function Badge({ children, tone = 'neutral', className }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${tone}`, className)}>{children}</span>;
}

/** The unread dot; `label` (e.g. "New review results") is what screen readers hear. */
export function UnreadDot({ label, className }: { label: string; className?: string }) {
  return <span className={cx('ui-dot', className)} role="img" aria-label={label} />;
}

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
  /** `h1` when the empty state is all the page has (its heading); a paragraph otherwise. */
  titleAs?: 'p' | 'h1';
}

export function EmptyState({ title, description, action, icon, className, titleAs: Title = 'p' }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty', className)}>
      {icon ? (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Title className="ui-empty__title">{title}</Title>
      {description ? <p className="ui-empty__description">{description}</p> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}

export interface ErrorFallbackProps {
  /** Default: reloads the page. */
  onRetry?: () => void;
  /** Shown only in debug mode (spec §2: a copy-error tooltip in debug mode). */
  detail?: string;
  className?: string;
}

/** The spec's error fallback: "page temporarily unavailable" with a refresh button. */
export function ErrorFallback({ onRetry, detail, className }: ErrorFallbackProps) {
  const { t } = useTranslation('common');
  return (
    <div className={cx('ui-empty ui-error-fallback', className)} role="alert">
      <p className="ui-empty__title">{t('pageUnavailable')}</p>
      {detail ? <pre className="ui-error-fallback__detail">{detail}</pre> : null}
      <div className="ui-empty__action">
        <Button variant="primary" onClick={onRetry ?? (() => globalThis.location.reload())}>
          {t('refresh')}
        </Button>
      </div>
    </div>
  );
}
