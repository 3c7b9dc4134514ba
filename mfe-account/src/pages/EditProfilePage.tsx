import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS, UI_MESSAGES, isValidNickname } from 'shared-kit';
import { Avatar } from '../components/Avatar';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { shellToast as toast } from 'shared-kit';
import {
  selectAvatarSrc,
  selectAvatarUpload,
  selectCanSave,
  selectSave,
  selectUser,
  selectUsernameCheck,
} from '../stores/profile/selectors';
import { useProfileStore, usernameRuleProblem } from '../stores/profile/store';

const USERNAME_RULES = `${LIMITS.usernameMin}-${LIMITS.usernameMax} characters: letters, digits and underscores, not only digits.`;
const NICKNAME_RULES = `${LIMITS.nicknameMin}-${LIMITS.nicknameMax} characters.`;
const ACCEPTED_PICTURES = 'image/png,image/jpeg,image/webp';

function nicknameProblem(value: string): string | null {
  return isValidNickname(value) ? null : `Nickname must be ${LIMITS.nicknameMin}-${LIMITS.nicknameMax} characters`;
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

  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [username, setUsername] = useState(user?.username ?? '');
  const [nicknameError, setNicknameError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = {
    nickname: useId(),
    nicknameHint: useId(),
    nicknameError: useId(),
    username: useId(),
    usernameHint: useId(),
    usernameStatus: useId(),
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
  const nicknameLength = Array.from(nickname.trim()).length;
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
      toast({ type: 'success', message: UI_MESSAGES.savedSuccessfully });
      void navigate(home);
    }
  }

  const usernameMessage = usernameError ?? (usernameUnchanged ? null : check.message);
  const usernameInvalid = usernameError !== null || check.state === 'invalid' || check.state === 'taken';
  const avatarMessage =
    upload.status === 'uploading'
      ? 'Uploading picture…'
      : upload.status === 'error'
        ? upload.error
        : upload.status === 'done'
          ? 'New picture ready: save to use it.'
          : save.field === 'avatar'
            ? save.error
            : null;
  const formError = save.status === 'error' && !save.field ? save.error : null;

  return (
    <div className="acct-page">
      <PageHeader title="Edit profile" />
      <form className="acct-card acct-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={formError ? ids.formError : undefined}>
        <fieldset className="acct-field acct-avatar-field">
          <legend>Avatar</legend>
          <Avatar src={upload.preview ?? avatarSrc} name={nickname || user.nickname} size={96} alt="Avatar preview" />
          <div>
            <button
              type="button"
              className="acct-button"
              onClick={() => fileInput.current?.click()}
              disabled={upload.status === 'uploading'}
              aria-describedby={describedBy(ids.avatarHint, avatarMessage && ids.avatarStatus)}
            >
              Change avatar
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_PICTURES}
              className="acct-visually-hidden"
              aria-label="Choose an avatar picture"
              tabIndex={-1}
              onChange={onPicture}
            />
            <p id={ids.avatarHint} className="acct-hint">
              PNG, JPEG or WebP, square, at least 128×128 pixels, up to 5 MB.
            </p>
            {avatarMessage ? (
              <p
                id={ids.avatarStatus}
                className={upload.status === 'error' || save.field === 'avatar' ? 'acct-error' : 'acct-hint'}
                role={upload.status === 'error' ? 'alert' : 'status'}
              >
                {avatarMessage}
              </p>
            ) : null}
          </div>
        </fieldset>

        <div className="acct-field">
          <label htmlFor={ids.nickname}>Nickname</label>
          <input
            id={ids.nickname}
            name="nickname"
            value={nickname}
            onChange={onNickname}
            autoComplete="nickname"
            maxLength={LIMITS.nicknameMax * 2}
            aria-invalid={nicknameError ? true : undefined}
            aria-describedby={describedBy(ids.nicknameHint, nicknameError && ids.nicknameError)}
          />
          <div className="acct-field__meta">
            <span id={ids.nicknameHint} className="acct-hint">
              {NICKNAME_RULES}
            </span>
            <span className={nicknameLength > LIMITS.nicknameMax ? 'acct-counter acct-counter--over' : 'acct-counter'} aria-live="polite">
              {nicknameLength}/{LIMITS.nicknameMax}
            </span>
          </div>
          {nicknameError ? (
            <p id={ids.nicknameError} className="acct-error" role="alert">
              {nicknameError}
            </p>
          ) : null}
        </div>

        <div className="acct-field">
          <label htmlFor={ids.username}>User ID</label>
          <div className="acct-input-prefix">
            <span aria-hidden="true">@</span>
            <input
              id={ids.username}
              name="username"
              value={username}
              onChange={onUsername}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.usernameMax * 2}
              aria-invalid={usernameInvalid ? true : undefined}
              aria-describedby={describedBy(ids.usernameHint, usernameMessage && ids.usernameStatus)}
            />
          </div>
          <p id={ids.usernameHint} className="acct-hint">
            {USERNAME_RULES}
          </p>
          {usernameMessage ? (
            <p
              id={ids.usernameStatus}
              className={usernameInvalid || check.state === 'error' ? 'acct-error' : 'acct-ok'}
              role={usernameInvalid ? 'alert' : 'status'}
            >
              {usernameMessage}
            </p>
          ) : check.state === 'checking' ? (
            <p className="acct-hint" role="status">
              Checking…
            </p>
          ) : null}
        </div>

        {formError ? (
          <p id={ids.formError} className="acct-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="acct-actions">
          <Link to={home} className="acct-button">
            Cancel
          </Link>
          <button type="submit" className="acct-button acct-button--primary" disabled={!canSave}>
            {save.status === 'saving' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </div>
  );
}
