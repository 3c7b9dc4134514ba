import { useMemo } from 'react';
import { create } from 'qrcode';

const QUIET_ZONE = 4;

/** The dark modules of `text` as one SVG path (one unit per module, quiet zone included) and the side length. */
export function qrPath(text: string): { d: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      // Merge a horizontal run of dark modules into one rectangle: far fewer path commands.
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { d: parts.join(''), size: n + QUIET_ZONE * 2 };
}

interface Props {
  value: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  label: string;
}

/** A scannable QR code as inline SVG: crisp at any zoom, no canvas or image request. */
export function QrCode({ value, size = 160, label }: Props) {
  const { d, size: units } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${units} ${units}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={units} height={units} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
