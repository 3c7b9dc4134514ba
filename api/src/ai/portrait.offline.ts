import { createHash } from 'node:crypto';

/** Skin tones, hair colours, eye colours the offline portraits take, chosen by the prompt's hash. */
const SKINS = ['hsl(28,55%,72%)', 'hsl(30,45%,45%)', 'hsl(25,60%,82%)', 'hsl(24,40%,58%)', 'hsl(32,50%,66%)', 'hsl(22,38%,42%)'];
const HAIRS = ['hsl(25,50%,20%)', '#111', 'hsl(45,70%,55%)', 'hsl(12,60%,35%)', 'hsl(0,0%,78%)', 'hsl(220,15%,25%)'];
const IRISES = [25, 200, 120, 30, 210];

/**
 * A character portrait for the offline generator: a head and shoulders facing the viewer (skin, hair, eyes with
 * brows, nose, mouth), coloured from the prompt's hash over a background in the style's hue. Drawn so that the face
 * detector of the media checks finds the face, as it must in a character picture.
 */
export function offlinePortraitSvg(request: { prompt: string; style?: string; width: number; height: number }, baseHue: number): string {
  const { width: w, height: h } = request;
  const digest = createHash('sha256').update(`portrait\n${request.style ?? ''}\n${request.prompt}`).digest();
  const byte = (i: number): number => digest[i % digest.length] ?? 0;
  const pick = <T>(list: readonly T[], i: number): T => list[byte(i) % list.length]!;
  const skin = pick(SKINS, 1);
  const hair = pick(HAIRS, 2);
  const iris = pick(IRISES, 3);
  // Brows, the nose's line and the lips stay dark against every skin, as the detector needs to see them.
  const brow = 'hsl(20,35%,14%)';
  const bgHue = Math.round((baseHue + (byte(4) - 128) * 0.3 + 360) % 360);
  const shirtHue = Math.round((bgHue + 150 + byte(5) / 4) % 360);
  const r = (n: number): number => Math.round(n * 10) / 10;
  // The face is as wide as a third of the picture's narrower side, a little above the middle.
  const cx = w / 2;
  const fw = Math.min(w, h * 0.75) * 0.32;
  const fh = fw * 1.3;
  const cy = h * 0.42;
  const eyeY = cy - fh * 0.05;
  const eyeDx = fw * 0.36;
  const er = fw * 0.13;
  const eyes = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${r(cx + s * eyeDx)}" cy="${r(eyeY)}" rx="${r(er * 1.3)}" ry="${r(er * 0.75)}" fill="#fff"/>` +
        `<circle cx="${r(cx + s * eyeDx)}" cy="${r(eyeY)}" r="${r(er * 0.62)}" fill="hsl(${iris},50%,30%)"/>` +
        `<circle cx="${r(cx + s * eyeDx)}" cy="${r(eyeY)}" r="${r(er * 0.3)}" fill="#111"/>` +
        `<path d="M ${r(cx + s * (eyeDx - er * 1.4))} ${r(eyeY - er * 1.75)} Q ${r(cx + s * eyeDx)} ${r(eyeY - er * 2.4)} ${r(cx + s * (eyeDx + er * 1.4))} ${r(eyeY - er * 1.75)}" stroke="${brow}" stroke-width="${r(er * 0.5)}" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${bgHue},45%,62%)"/>` +
    `<stop offset="1" stop-color="hsl(${bgHue},40%,42%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<ellipse cx="${r(cx)}" cy="${h}" rx="${r(w * 0.42)}" ry="${r(h * 0.25)}" fill="hsl(${shirtHue},45%,40%)"/>` +
    `<rect x="${r(cx - fw * 0.3)}" y="${r(cy + fh * 0.6)}" width="${r(fw * 0.6)}" height="${r(fh * 0.6)}" fill="${skin}"/>` +
    `<ellipse cx="${r(cx)}" cy="${r(cy - fh * 0.25)}" rx="${r(fw * 1.12)}" ry="${r(fh * 0.95)}" fill="${hair}"/>` +
    `<ellipse cx="${r(cx - fw)}" cy="${r(cy + fh * 0.02)}" rx="${r(fw * 0.14)}" ry="${r(fh * 0.2)}" fill="${skin}"/>` +
    `<ellipse cx="${r(cx + fw)}" cy="${r(cy + fh * 0.02)}" rx="${r(fw * 0.14)}" ry="${r(fh * 0.2)}" fill="${skin}"/>` +
    `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(fw)}" ry="${r(fh)}" fill="${skin}"/>` +
    `<path d="M ${r(cx - fw * 1.05)} ${r(cy - fh * 0.35)} Q ${r(cx)} ${r(cy - fh * 1.3)} ${r(cx + fw * 1.05)} ${r(cy - fh * 0.35)} Q ${r(cx)} ${r(cy - fh * 0.75)} ${r(cx - fw * 1.05)} ${r(cy - fh * 0.35)} Z" fill="${hair}"/>` +
    eyes +
    `<path d="M ${r(cx)} ${r(eyeY + er * 0.5)} L ${r(cx - fw * 0.1)} ${r(cy + fh * 0.3)} Q ${r(cx)} ${r(cy + fh * 0.36)} ${r(cx + fw * 0.1)} ${r(cy + fh * 0.3)}" stroke="hsl(20,40%,22%)" stroke-width="${r(er * 0.3)}" fill="none"/>` +
    `<path d="M ${r(cx - fw * 0.3)} ${r(cy + fh * 0.52)} Q ${r(cx)} ${r(cy + fh * 0.66)} ${r(cx + fw * 0.3)} ${r(cy + fh * 0.52)} Q ${r(cx)} ${r(cy + fh * 0.58)} ${r(cx - fw * 0.3)} ${r(cy + fh * 0.52)} Z" fill="hsl(355,55%,32%)"/>` +
    `</svg>`
  );
}
