import { Slider as S } from "radix-ui";
import { cn } from "#web/lib/cn.ts";

/** A single-value slider (role slider, arrow keys move by `step`). */
export function Slider({
  value,
  onValueChange,
  min,
  max,
  step,
  label,
  valueText,
  className,
  id,
}: {
  value: number;
  onValueChange: (v: number) => void;
  min: number;
  max: number;
  step: number;
  label: string;
  valueText?: string;
  className?: string;
  id?: string;
}) {
  return (
    <S.Root
      id={id}
      className={cn("relative flex h-6 w-full touch-none select-none items-center", className)}
      value={[value]}
      min={min}
      max={max}
      step={step}
      onValueChange={(v) => onValueChange(v[0] ?? value)}
    >
      <S.Track className="relative h-1.5 grow rounded-full bg-surface-2">
        <S.Range className="absolute h-full rounded-full bg-accent" />
      </S.Track>
      <S.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-accent bg-background shadow focus-visible:outline-2 focus-visible:outline-ring"
      />
    </S.Root>
  );
}
