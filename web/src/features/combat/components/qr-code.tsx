// The player link as a QR code (decision 032): `uqr` encodes it (small, no dependency) and
// React draws the dark modules as one SVG path, black on white whatever the theme, since phone
// cameras read dark-on-light codes best. An image with a name; the link itself is shown beside it.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({
  value,
  label,
  className = '',
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, path: d };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`rounded-control bg-white ${className}`}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
