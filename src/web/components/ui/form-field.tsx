import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

/** What a field shows around its control: the label, an optional hint, the error, and extras beside the label. */
type FieldText = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  labelAside?: ReactNode;
};

/** A visible label, the control, and the field's error (announced, and linked by aria-describedby). */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
  labelAside,
}: FieldText & { children: ReactNode }) {
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
}: Omit<ComponentProps<"input">, "id"> & FieldText) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <Input {...fieldA11y(id, error, hint)} {...input} />
    </FormField>
  );
}

type FormInputProps<T extends FieldValues> = Omit<ComponentProps<"input">, "id" | "name" | "form"> &
  Omit<FieldText, "id" | "error"> & {
    form: UseFormReturn<T>;
    name: Path<T>;
    /** The input's id; the field's name unless given. */
    id?: string;
    options?: RegisterOptions<T, Path<T>>;
  };

/** An InputField bound to a react-hook-form field: registered with the form, showing the field's error. */
export function FormInput<T extends FieldValues>({
  form,
  name,
  id = name,
  options,
  ...field
}: FormInputProps<T>) {
  return (
    <InputField
      id={id}
      error={form.getFieldState(name, form.formState).error?.message}
      {...field}
      {...form.register(name, options)}
    />
  );
}

/** The email field of the auth forms: labelled "Email" unless told otherwise. */
export function EmailInput<T extends FieldValues>({
  label = "Email",
  ...field
}: Omit<FormInputProps<T>, "type" | "autoComplete" | "label"> & { label?: string }) {
  return <FormInput type="email" autoComplete="email" label={label} {...field} />;
}

/**
 * A password field. `kind` tells password managers whether it is the current password or a new one.
 * `confirmedBy` names the field that repeats this one: as this one changes, that one is checked again,
 * but only once the person has filled it in (so no error appears before they reach it).
 */
export function PasswordInput<T extends FieldValues>({
  kind,
  confirmedBy,
  ...field
}: Omit<FormInputProps<T>, "type" | "autoComplete" | "options"> & {
  kind: "current" | "new";
  confirmedBy?: Path<T>;
}) {
  const { form } = field;
  const recheck = () => {
    if (confirmedBy && form.getFieldState(confirmedBy).isTouched) void form.trigger(confirmedBy);
  };
  return (
    <FormInput
      type="password"
      autoComplete={`${kind}-password`}
      options={confirmedBy ? { onChange: recheck } : undefined}
      {...field}
    />
  );
}
