// Read and write per resource, as checkboxes with the scope's plain words.
import { API_SCOPES, type ApiScope, SCOPE_WORDS } from "#shared/domain/api-scopes.ts";

export function ScopePicker({
  idPrefix,
  value,
  onChange,
  legend,
}: {
  idPrefix: string;
  value: readonly string[];
  onChange: (next: ApiScope[]) => void;
  legend: string;
}) {
  const toggle = (scope: ApiScope, on: boolean) =>
    onChange(API_SCOPES.filter((s) => (s === scope ? on : value.includes(s))));
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {API_SCOPES.map((scope) => (
          <label key={scope} htmlFor={`${idPrefix}-${scope}`} className="flex items-start gap-2 text-sm">
            <input
              id={`${idPrefix}-${scope}`}
              type="checkbox"
              className="mt-0.5 size-4 accent-accent"
              checked={value.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>
              {SCOPE_WORDS[scope]} <span className="text-xs text-muted">({scope})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
