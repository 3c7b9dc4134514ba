const MEDIA_ID = /^[0-9a-f]{24}$/i;

/**
 * Where to load an avatar from: uploads are saved on the profile by id and served by the API; older values may be
 * full http(s) URLs. Anything else is not shown.
 */
export function avatarSrc(avatar: string | undefined | null, apiBase = '/api'): string | null {
  if (!avatar) return null;
  if (MEDIA_ID.test(avatar)) return `${apiBase}/media/${avatar.toLowerCase()}`;
  if (/^https?:\/\//i.test(avatar)) return avatar;
  if (/^\/api\/media\/[0-9a-f]{24}$/i.test(avatar)) return avatar;
  return null;
}
