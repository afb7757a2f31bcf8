// A row of toggle buttons choosing one range ("7 days", "30 days", "90 days"), grouped under a
// legend that screen readers announce; the chosen one is pressed.
import { cn } from "#web/lib/cn.ts";

export function RangeButtons<T extends number>({
  ranges,
  value,
  onChange,
  legend,
}: {
  ranges: readonly T[];
  value: T;
  onChange: (range: T) => void;
  legend: string;
}) {
  return (
    <fieldset className="inline-flex gap-1 rounded-lg bg-surface-2 p-1">
      <legend className="sr-only">{legend}</legend>
      {ranges.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={r === value}
          onClick={() => onChange(r)}
          className={cn(
            "min-h-11 rounded-md px-3 text-sm font-medium text-foreground/75 transition-colors hover:text-foreground sm:min-h-9",
            r === value && "bg-background text-foreground shadow-sm",
          )}
        >
          {r} days
        </button>
      ))}
    </fieldset>
  );
}
