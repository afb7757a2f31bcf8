// The owner's invitation form: one Email field and "Send invitation". When every seat is taken it
// says so (and how to get more) instead of letting the server refuse.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type InviteMemberBody, inviteMemberBody, seatsFullMessage } from "#shared/contracts/team.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useInviteMember } from "../api/invite-member.ts";

export function InviteForm({ seats, seatsUsed }: { seats: number; seatsUsed: number }) {
  const invite = useInviteMember();
  const form = useForm<InviteMemberBody>({
    resolver: zodResolver(inviteMemberBody),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const error = form.formState.errors.email?.message;
  const full = seatsUsed >= seats;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync({ email });
      form.reset({ email: "" });
      notifySuccess("Invitation sent", `We emailed ${email} a link to join your team.`);
    } catch (err) {
      // The server's reasons (seat taken meanwhile, already invited, already a member) belong next
      // to the field; anything else is a toast.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
        form.setError("email", { message: err.fields?.email ?? err.message });
      } else {
        notifyError(err, { title: "The invitation could not be sent" });
      }
    }
  });

  if (full) {
    return (
      <Alert tone="info" className="mt-4">
        {seatsFullMessage(seats)}
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4">
      <FormField id="invite-email" label="Email" error={error}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            {...fieldA11y("invite-email", error)}
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            {...form.register("email")}
          />
          <Button type="submit" className="shrink-0" disabled={invite.isPending}>
            {invite.isPending ? "Sending..." : "Send invitation"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
