import type { ComponentProps, ReactNode } from "react";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

/** A visible label, the control, and the field's error (announced, and linked by aria-describedby). */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
  labelAside,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  labelAside?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props tying an input to its FormField messages. */
export function fieldA11y(id: string, error?: string, hint?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** A labelled text input: FormField around an Input tied to its hint and error. */
export function InputField({
  id,
  label,
  error,
  hint,
  labelAside,
  ...input
}: Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  labelAside?: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <Input {...fieldA11y(id, error, hint)} {...input} />
    </FormField>
  );
}
