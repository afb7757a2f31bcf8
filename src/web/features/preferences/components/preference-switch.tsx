import { useId } from "react";
import { Switch } from "#web/components/ui/switch.tsx";

/** One setting: a visible label, a line saying what it does, and the switch. */
export function PreferenceSwitch({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
  children,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (on: boolean) => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-muted">
          {description}
        </p>
        {children}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={onCheckedChange}
        className="mt-0.5"
      />
    </div>
  );
}
