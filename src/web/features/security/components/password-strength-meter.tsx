import { Check, X } from "lucide-react";
import {
  PASSWORD_STRENGTH_MAX,
  PASSWORD_STRENGTH_RULES,
  passwordStrength,
} from "#shared/domain/password-strength.ts";
import { cn } from "#web/lib/cn.ts";

const TONE = ["bg-danger", "bg-danger", "bg-warning", "bg-warning", "bg-success", "bg-success"] as const;

/** Five segments, the spec's label (Weak to Very Strong) and which rules the password meets. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const { score, label, met } = passwordStrength(password);
  return (
    <div id={id} className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <meter
          className="sr-only"
          aria-label="Password strength"
          min={0}
          max={PASSWORD_STRENGTH_MAX}
          low={2}
          high={4}
          optimum={PASSWORD_STRENGTH_MAX}
          value={score}
        />
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {Array.from({ length: PASSWORD_STRENGTH_MAX }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments, never reordered
              key={i}
              className={cn("h-1.5 flex-1 rounded-full", i < score ? TONE[score] : "bg-border")}
            />
          ))}
        </div>
        <span className="w-24 text-right text-sm font-medium" data-testid="password-strength-label">
          {label}
        </span>
      </div>
      <ul className="grid gap-1 text-xs text-muted sm:grid-cols-2">
        {PASSWORD_STRENGTH_RULES.map((rule) => (
          <li key={rule.id} className={cn("flex items-center gap-1.5", met[rule.id] && "text-foreground")}>
            {met[rule.id] ? (
              <Check className="size-3.5 text-success" aria-hidden="true" />
            ) : (
              <X className="size-3.5" aria-hidden="true" />
            )}
            <span>
              {rule.description}
              <span className="sr-only">{met[rule.id] ? ": done" : ": not yet"}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
