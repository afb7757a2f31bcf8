import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fullNameField } from "#shared/contracts/auth.ts";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { TEXT_FIELD_MAX } from "#shared/domain/limits.ts";
import { authErrorMessage } from "#shared/errors/auth-errors.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useMe } from "../api/get-me.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

const schema = z.object({
  fullName: fullNameField,
  jobTitle: z.string().trim().max(TEXT_FIELD_MAX, `Job Title must be at most ${TEXT_FIELD_MAX} characters`),
});
type Values = z.infer<typeof schema>;

export function AccountInformation() {
  const me = useMe();
  const update = useUpdateProfile();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { fullName: "", jobTitle: "" },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (me.data) form.reset({ fullName: me.data.fullName, jobTitle: me.data.preferences.job_title ?? "" });
  }, [me.data, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const saved = await update.mutateAsync({ fullName: v.fullName, jobTitle: v.jobTitle });
      form.reset({ fullName: saved.fullName, jobTitle: saved.preferences.job_title ?? "" });
      notifySuccess("Success", "Profile updated successfully");
    } catch (err) {
      notifyError(err, {
        title: "Error",
        fallback: authErrorMessage(err instanceof ApiError ? err : {}, "profile"),
      });
    }
  });

  return (
    <section aria-labelledby="account-heading" className="rounded-lg border border-border bg-background p-6">
      <h2 id="account-heading" className="text-lg font-semibold">
        Account Information
      </h2>
      <p className="mt-1 text-sm text-muted">How you appear in Kairo.</p>
      {DEMO_MODE && (
        <Alert tone="info" className="mt-4">
          {DEMO_MODE_NOTICES.profileUpdate}
        </Alert>
      )}
      {!me.data ? (
        <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
          <FormField id="fullName" label="Full Name" error={errors.fullName?.message}>
            <Input
              {...fieldA11y("fullName", errors.fullName?.message)}
              autoComplete="name"
              {...form.register("fullName")}
            />
          </FormField>
          <FormField id="email" label="Email" hint="Your email cannot be changed here.">
            <Input
              {...fieldA11y("email", undefined, "Your email cannot be changed here.")}
              value={me.data.email}
              readOnly
            />
          </FormField>
          <FormField id="jobTitle" label="Job Title" error={errors.jobTitle?.message}>
            <Input
              {...fieldA11y("jobTitle", errors.jobTitle?.message)}
              autoComplete="organization-title"
              {...form.register("jobTitle")}
            />
          </FormField>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={update.isPending || !isDirty || DEMO_MODE}>
              {update.isPending ? "Saving..." : "Save Profile"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
