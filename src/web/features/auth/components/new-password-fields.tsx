import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { PasswordInput } from "#web/components/ui/form-field.tsx";

/**
 * A new password and its confirmation ("Confirm Password", the form's `confirmPassword` field). The
 * confirmation is checked again as the password changes, once the person has filled it in.
 */
export function NewPasswordFields<T extends FieldValues & { confirmPassword: string }>({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}) {
  // Every T has a confirmPassword field (the bound above), which TypeScript cannot see in Path<T>.
  const confirm = "confirmPassword" as Path<T>;
  return (
    <>
      <PasswordInput form={form} name={name} label={label} hint={hint} kind="new" confirmedBy={confirm} />
      <PasswordInput form={form} name={confirm} label="Confirm Password" kind="new" />
    </>
  );
}
