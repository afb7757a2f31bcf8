import { create } from "qrcode";
import { useMemo } from "react";

/**
 * The otpauth URI as a QR code, drawn as one SVG path from the `qrcode` package's module matrix:
 * no canvas, no data URL, nothing the Content-Security-Policy has to allow.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, dimension } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: "M" });
    const quiet = 4; // the quiet zone the QR standard asks for around the symbol
    let d = "";
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
      }
    }
    return { path: d, dimension: modules.size + quiet * 2 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-border"
    >
      {/* Always dark on white, also in dark mode: scanners need the contrast. */}
      <rect width={dimension} height={dimension} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
