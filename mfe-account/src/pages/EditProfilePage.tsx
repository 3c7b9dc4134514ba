import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS, isValidNickname } from 'shared-kit';
import { Avatar, Button, Card, TextField, uiMessage } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { shellToast as toast } from 'shared-kit';
import { accountText, useAccountT } from '../i18n';
import {
  selectAvatarSrc,
  selectAvatarUpload,
  selectCanSave,
  selectSave,
  selectUser,
  selectUsernameCheck,
} from '../stores/profile/selectors';
import { useProfileStore, usernameRuleProblem } from '../stores/profile/store';

const NICKNAME_RANGE = { min: LIMITS.nicknameMin, max: LIMITS.nicknameMax };
const USERNAME_RANGE = { min: LIMITS.usernameMin, max: LIMITS.usernameMax };
const ACCEPTED_PICTURES = 'image/png,image/jpeg,image/webp';

function nicknameProblem(value: string): string | null {
  return isValidNickname(value) ? null : accountText('edit.nicknameLength', NICKNAME_RANGE);
}

/** Ids of the hint and message elements a field is described by; absent ones are left out. */
function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** `/account/edit`: avatar, nickname and User ID, checked as you type and saved together. */
export function EditProfilePage(): JSX.Element | null {
  const user = useProfileStore(selectUser);
  const avatarSrc = useProfileStore(selectAvatarSrc);
  const upload = useProfileStore(selectAvatarUpload);
  const check = useProfileStore(selectUsernameCheck);
  const save = useProfileStore(selectSave);
  const canSave = useProfileStore(selectCanSave);
  const { checkUsername, uploadAvatar, saveProfile, resetForm } = useProfileStore.getState();
  const navigate = useNavigate();
  const home = useAccountPath();
  const { t } = useAccountT();

  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [username, setUsername] = useState(user?.username ?? '');
  const [nicknameError, setNicknameError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = {
    avatarHint: useId(),
    avatarStatus: useId(),
    formError: useId(),
  };

  // A form left half-done starts clean next time.
  useEffect(() => () => resetForm(), [resetForm]);

  // The server's answer to a save lands beside the field it is about.
  useEffect(() => {
    if (save.status !== 'error') return;
    if (save.field === 'nickname') setNicknameError(save.error);
    if (save.field === 'username') setUsernameError(save.error);
  }, [save]);

  if (!user) return null;
  const usernameUnchanged = username === user.username;

  function onNickname(e: ChangeEvent<HTMLInputElement>): void {
    setNickname(e.target.value);
    setNicknameError(null);
  }

  function onUsername(e: ChangeEvent<HTMLInputElement>): void {
    const value = e.target.value.trim();
    setUsername(value);
    setUsernameError(null);
    checkUsername(value);
  }

  function onPicture(e: ChangeEvent<HTMLInputElement>): void {
    const file = e.target.files?.[0];
    if (file) void uploadAvatar(file);
    // The same file chosen again after a refusal still triggers a change.
    e.target.value = '';
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    const nickProblem = nicknameProblem(nickname);
    // Keeping no User ID is allowed; changing it must follow the rules.
    const userProblem = usernameUnchanged ? null : usernameRuleProblem(username);
    setNicknameError(nickProblem);
    setUsernameError(userProblem ?? (check.state === 'taken' ? check.message : null));
    if (nickProblem || userProblem || check.state === 'taken') return;
    if (await saveProfile({ nickname, username })) {
      toast({ type: 'success', message: uiMessage('savedSuccessfully') });
      void navigate(home);
    }
  }

  const usernameMessage = usernameError ?? (usernameUnchanged ? null : check.message);
  const usernameInvalid = usernameError !== null || check.state === 'invalid' || check.state === 'taken';
  const avatarMessage =
    upload.status === 'uploading'
      ? t('edit.uploading')
      : upload.status === 'error'
        ? upload.error
        : upload.status === 'done'
          ? t('edit.pictureReady')
          : save.field === 'avatar'
            ? save.error
            : null;
  const formError = save.status === 'error' && !save.field ? save.error : null;

  return (
    <div className="account-page">
      <PageHeader title={t('edit.title')} />
      <Card as="div">
        <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={formError ? ids.formError : undefined}>
          <fieldset className="account-avatar-field">
            <legend>{t('edit.avatar')}</legend>
            <Avatar src={upload.preview ?? avatarSrc} name={nickname || user.nickname} size="lg" />
            <div>
              <Button
                onClick={() => fileInput.current?.click()}
                disabled={upload.status === 'uploading'}
                aria-describedby={describedBy(ids.avatarHint, avatarMessage && ids.avatarStatus)}
              >
                {t('edit.changeAvatar')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPTED_PICTURES}
                className="ui-visually-hidden"
                aria-label={t('edit.choosePicture')}
                tabIndex={-1}
                onChange={onPicture}
              />
              <p id={ids.avatarHint} className="ui-field__hint">
                {t('edit.pictureRules')}
              </p>
              {avatarMessage ? (
                <p
                  id={ids.avatarStatus}
                  className={upload.status === 'error' || save.field === 'avatar' ? 'account-error' : 'ui-field__hint'}
                  role={upload.status === 'error' ? 'alert' : 'status'}
                >
                  {avatarMessage}
                </p>
              ) : null}
            </div>
          </fieldset>

          <TextField
            label={t('edit.nickname')}
            name="nickname"
            value={nickname}
            onChange={onNickname}
            autoComplete="nickname"
            limit={LIMITS.nicknameMax}
            hint={t('edit.nicknameRules', NICKNAME_RANGE)}
            error={nicknameError ?? undefined}
          />

          <div>
            <TextField
              label={t('edit.userId')}
              name="username"
              value={username}
              onChange={onUsername}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.usernameMax * 2}
              hint={t('edit.userIdRules', USERNAME_RANGE)}
              error={usernameInvalid && usernameMessage ? usernameMessage : undefined}
            />
            {usernameMessage && !usernameInvalid ? (
              <p className={check.state === 'error' ? 'account-error' : 'account-ok'} role="status">
                {usernameMessage}
              </p>
            ) : check.state === 'checking' ? (
              <p className="ui-field__hint" role="status">
                {t('edit.checking')}
              </p>
            ) : null}
          </div>

          {formError ? (
            <p id={ids.formError} className="account-error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="account-actions">
            <Link to={home} className="ui-button ui-button--secondary ui-button--md">
              {t('common.cancel')}
            </Link>
            <Button type="submit" variant="primary" loading={save.status === 'saving'} disabled={!canSave}>
              {t('edit.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
