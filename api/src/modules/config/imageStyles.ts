/**
 * The drawing styles a creator can pick for generated pictures. Previews are small inline SVG swatches so the
 * picker renders with no image hosting; a real deployment can swap in sample pictures.
 */
export interface ImageStyle {
  code: string;
  name: string;
  preview: string;
  members_only: boolean;
}

function swatch(from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="128" viewBox="0 0 96 128">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="96" height="128" rx="12" fill="url(#g)"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const IMAGE_STYLES: readonly ImageStyle[] = [
  { code: 'anime', name: 'Anime', preview: swatch('#ff9a9e', '#fad0c4'), members_only: false },
  { code: 'watercolor', name: 'Watercolor', preview: swatch('#a1c4fd', '#c2e9fb'), members_only: false },
  { code: 'cinematic', name: 'Cinematic', preview: swatch('#434343', '#c79081'), members_only: false },
  { code: 'oil_painting', name: 'Oil painting', preview: swatch('#f6d365', '#8e5a2b'), members_only: true },
];

export function isImageStyle(code: string): boolean {
  return IMAGE_STYLES.some((s) => s.code === code);
}

/** A style only members may draw with (the spec's VIP-exclusive image styles). */
export function isMembersOnlyStyle(code: string | undefined): boolean {
  return IMAGE_STYLES.some((s) => s.code === code && s.members_only);
}
