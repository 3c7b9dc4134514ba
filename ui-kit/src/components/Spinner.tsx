import { useTranslation } from 'react-i18next';
import { cx } from './cx';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Inside a labelled control (a loading button) the spinner is hidden from screen readers. */
  decorative?: boolean;
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', decorative = false, label, className }: SpinnerProps) {
  const { t } = useTranslation('common');
  const classes = cx('ui-spinner', `ui-spinner--${size}`, className);
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} role="status" aria-label={label ?? t('loading')} />;
}

export interface ProgressBarProps {
  /** 0-100; undefined shows an indeterminate bar. */
  value?: number;
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = value === undefined ? undefined : Math.min(100, Math.max(0, value));
  return (
    <div
      className={cx('ui-progress', clamped === undefined && 'ui-progress--indeterminate', className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      <div className="ui-progress__bar" style={clamped === undefined ? undefined : { width: `${clamped}%` }} />
    </div>
  );
}

export interface SkeletonProps {
  width?: string | number;
  height?: string | number;
  shape?: 'line' | 'circle' | 'block';
  className?: string;
}

/** A grey placeholder while content loads; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ width, height, shape = 'line', className }: SkeletonProps) {
  return <span className={cx('ui-skeleton', `ui-skeleton--${shape}`, className)} style={{ width, height }} aria-hidden="true" />;
}
