/**
 * Where to load a story picture from: stored uploads (`/api/media/<id>`) and absolute http(s) URLs. Anything else
 * (an empty value, `javascript:`, `data:`) is not shown.
 */
export function pictureSrc(value: string | undefined | null): string | null {
  if (!value) return null;
  if (/^\/api\/media\/[0-9a-f]{24}$/i.test(value)) return value;
  if (/^https?:\/\//i.test(value)) return value;
  return null;
}
