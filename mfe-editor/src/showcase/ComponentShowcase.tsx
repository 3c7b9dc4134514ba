import { useState, type ReactNode } from 'react';
import { LIMITS, toastStore } from 'shared-kit';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  ErrorFallback,
  IconButton,
  LanguageSwitcher,
  Menu,
  Modal,
  ProgressBar,
  Select,
  Skeleton,
  Spinner,
  Switch,
  Tabs,
  TextArea,
  TextField,
  ThemeSwitcher,
  UnreadDot,
  registerNamespace,
  useTranslation,
} from 'ui-kit';

registerNamespace('showcase', {
  en: () => import('../locales/showcase.en'),
  'zh-CN': () => import('../locales/showcase.zh-CN'),
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ui-stack" aria-label={title}>
      <h2 className="ui-heading-2">{title}</h2>
      {children}
    </section>
  );
}

/** One state of a component, captioned with the state's name. */
function State({ name, children }: { name: string; children: ReactNode }) {
  return (
    <figure className="ui-stack" style={{ margin: 0, gap: 'var(--ui-space-2)' }}>
      {children}
      <figcaption className="ui-text-muted">{name}</figcaption>
    </figure>
  );
}

function Buttons() {
  const { t } = useTranslation('showcase');
  const variants = [
    ['primary', t('sample.primary')],
    ['secondary', t('sample.secondary')],
    ['ghost', t('sample.ghost')],
    ['danger', t('sample.danger')],
  ] as const;
  return (
    <Section title={t('sections.buttons')}>
      {variants.map(([variant, label]) => (
        <div key={variant} className="ui-row">
          <State name={t('states.default')}>
            <Button variant={variant}>{label}</Button>
          </State>
          <State name={t('states.focus')}>
            <Button variant={variant} className="ui-force-focus">
              {label}
            </Button>
          </State>
          <State name={t('states.disabled')}>
            <Button variant={variant} disabled>
              {label}
            </Button>
          </State>
          <State name={t('states.loading')}>
            <Button variant={variant} loading>
              {label}
            </Button>
          </State>
        </div>
      ))}
      <div className="ui-row">
        <Button size="sm">{t('sample.small')}</Button>
        <Button size="lg">{t('sample.large')}</Button>
      </div>
    </Section>
  );
}

function IconButtons() {
  const { t } = useTranslation('showcase');
  return (
    <Section title={t('sections.iconButtons')}>
      <div className="ui-row">
        <State name={t('states.default')}>
          <IconButton aria-label={t('sample.like')} icon="♥" />
        </State>
        <State name={t('states.focus')}>
          <IconButton aria-label={t('sample.like')} icon="♥" className="ui-force-focus" />
        </State>
        <State name={t('states.disabled')}>
          <IconButton aria-label={t('sample.like')} icon="♥" disabled />
        </State>
        <State name={t('states.loading')}>
          <IconButton aria-label={t('sample.like')} icon="♥" loading />
        </State>
      </div>
    </Section>
  );
}

function Fields() {
  const { t } = useTranslation('showcase');
  const [name, setName] = useState('');
  const [summary, setSummary] = useState('');
  const tooLong = 'x'.repeat(LIMITS.storyName + 3);
  return (
    <Section title={t('sections.fields')}>
      <div className="ui-stack" style={{ maxWidth: 480 }}>
        <TextField label={`${t('sample.storyName')} (${t('states.default')})`} hint={t('sample.storyNameHint')} limit="storyName" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label={`${t('sample.storyName')} (${t('states.focus')})`} limit="storyName" value="" readOnly className="ui-force-focus" />
        <TextField label={`${t('sample.storyName')} (${t('states.disabled')})`} limit="storyName" value="" disabled />
        <TextField label={`${t('sample.storyName')} (${t('states.error')})`} limit="storyName" value={tooLong} readOnly />
        <TextArea label={t('sample.summary')} limit="summary" value={summary} onChange={(e) => setSummary(e.target.value)} />
      </div>
    </Section>
  );
}

function Choices() {
  const { t } = useTranslation('showcase');
  const [style, setStyle] = useState<string | undefined>(undefined);
  const [checked, setChecked] = useState(true);
  const [on, setOn] = useState(false);
  const options = [
    { value: 'anime', label: t('sample.styleAnime') },
    { value: 'watercolor', label: t('sample.styleWatercolor') },
  ];
  return (
    <Section title={t('sections.choices')}>
      <div className="ui-stack" style={{ maxWidth: 480 }}>
        <Select label={`${t('sample.style')} (${t('states.default')})`} placeholder={t('sample.stylePlaceholder')} value={style} onValueChange={setStyle} options={options} />
        <Select label={`${t('sample.style')} (${t('states.disabled')})`} value="anime" onValueChange={() => undefined} options={options} disabled />
        <Select label={`${t('sample.style')} (${t('states.error')})`} placeholder={t('sample.stylePlaceholder')} value={undefined} onValueChange={setStyle} options={options} error={t('sample.styleRequired')} />
      </div>
      <div className="ui-row">
        <Checkbox label={t('sample.publicStory')} checked={checked} onCheckedChange={setChecked} />
        <Checkbox label={`${t('sample.publicStory')} (${t('states.disabled')})`} checked={false} onCheckedChange={() => undefined} disabled />
        <Switch label={`${t('sample.notifications')} (${on ? t('states.on') : t('states.off')})`} checked={on} onCheckedChange={setOn} />
        <Switch label={`${t('sample.notifications')} (${t('states.disabled')})`} checked onCheckedChange={() => undefined} disabled />
      </div>
    </Section>
  );
}

function Dialogs() {
  const { t } = useTranslation('showcase');
  const [modal, setModal] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [nickname, setNickname] = useState('');
  return (
    <Section title={t('sections.dialogs')}>
      <div className="ui-row">
        <Button onClick={() => setModal(true)}>{t('sample.openModal')}</Button>
        <Button onClick={() => setConfirm(true)}>{t('sample.openConfirm')}</Button>
      </div>
      {modal ? (
        <Modal
          title={t('sample.modalTitle')}
          description={t('sample.modalBody')}
          onClose={() => setModal(false)}
          actions={
            <Button variant="primary" onClick={() => setModal(false)}>
              {t('sample.secondary')}
            </Button>
          }
        >
          <TextField label={t('sample.nickname')} limit="nicknameMax" value={nickname} onChange={(e) => setNickname(e.target.value)} />
        </Modal>
      ) : null}
      {confirm ? (
        <ConfirmDialog title={t('sample.confirmTitle')} confirmLabel={t('sample.confirmLeave')} danger onConfirm={() => setConfirm(false)} onCancel={() => setConfirm(false)}>
          {t('sample.confirmBody')}
        </ConfirmDialog>
      ) : null}
    </Section>
  );
}

function Misc() {
  const { t } = useTranslation('showcase');
  return (
    <>
      <Section title={t('sections.toast')}>
        <div className="ui-row">
          <Button onClick={() => toastStore.getState().show({ type: 'success', message: t('sample.toastMessage') })}>{t('sample.showToast')}</Button>
        </div>
      </Section>
      <Section title={t('sections.tabs')}>
        <Tabs
          label={t('sample.tabsLabel')}
          items={[
            { value: 'drafts', label: t('sample.tabDrafts'), content: <p>{t('sample.tabDraftsBody')}</p> },
            { value: 'published', label: t('sample.tabPublished'), content: <p>{t('sample.tabPublishedBody')}</p> },
            { value: 'disabled', label: t('states.disabled'), content: null, disabled: true },
          ]}
        />
      </Section>
      <Section title={t('sections.menu')}>
        <div className="ui-row">
          <Menu
            trigger={t('sample.userName')}
            items={[
              { key: 'logout', label: t('sample.logout'), onSelect: () => undefined },
              { key: 'delete', label: t('sample.deleteAccount'), onSelect: () => undefined, danger: true },
              { key: 'disabled', label: t('states.disabled'), onSelect: () => undefined, disabled: true },
            ]}
          />
        </div>
      </Section>
      <Section title={t('sections.display')}>
        <div className="ui-row" style={{ alignItems: 'stretch' }}>
          <Card as="article" style={{ maxWidth: 280 }}>
            <h3 className="ui-heading-2">{t('sample.cardTitle')}</h3>
            <p>{t('sample.cardBody')}</p>
            <Badge tone="success">{t('sample.badgePublished')}</Badge>
          </Card>
        </div>
        <div className="ui-row">
          <Avatar name={t('sample.userName')} size="sm" />
          <Avatar name={t('sample.userName')} />
          <Avatar name={t('sample.userName')} size="lg" />
          <Badge>{t('sample.badgeDraft')}</Badge>
          <Badge tone="info">{t('sample.badgeReview')}</Badge>
          <Badge tone="success">{t('sample.badgePublished')}</Badge>
          <Badge tone="danger">{t('sample.badgeRejected')}</Badge>
          <UnreadDot label={t('sample.unread')} />
        </div>
      </Section>
      <Section title={t('sections.loading')}>
        <div className="ui-row">
          <Skeleton width={200} />
          <Skeleton shape="circle" width={40} height={40} />
          <Skeleton shape="block" width={120} height={64} />
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
        </div>
        <div className="ui-stack" style={{ maxWidth: 480 }}>
          <ProgressBar label={t('sample.progress')} value={42} />
          <ProgressBar label={t('sample.progressUnknown')} />
        </div>
      </Section>
      <Section title={t('sections.empty')}>
        <Card>
          <EmptyState title={t('sample.emptyTitle')} description={t('sample.emptyBody')} action={<Button variant="primary">{t('sample.emptyAction')}</Button>} />
        </Card>
        <Card>
          <ErrorFallback onRetry={() => undefined} />
        </Card>
      </Section>
    </>
  );
}

/** The UI kit's component showcase: every component in each state, with the theme and language switchers. */
export default function ComponentShowcase() {
  const { t } = useTranslation('showcase');
  return (
    <div className="ui-page ui-stack" style={{ padding: 'var(--ui-space-5)', maxWidth: 1100, margin: '0 auto' }}>
      <h1 className="ui-heading-1">{t('title')}</h1>
      <p className="ui-text-muted">{t('intro')}</p>
      <div className="ui-row">
        <ThemeSwitcher />
        <LanguageSwitcher />
      </div>
      <Buttons />
      <IconButtons />
      <Fields />
      <Choices />
      <Dialogs />
      <Misc />
    </div>
  );
}
