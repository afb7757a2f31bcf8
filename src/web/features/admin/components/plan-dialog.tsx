// Override a person's plan by hand: Free, a Trial ending on a chosen day, Pro, or Team with seats.
// The same schema as the server checks the choice before it is sent.
import { addDays, format } from "date-fns";
import { useState } from "react";
import {
  type AdminUser,
  OVERRIDE_PLANS,
  type OverridePlan,
  planOverrideBody,
} from "#shared/contracts/admin.ts";
import { TEAM_SIZE } from "#shared/domain/plans.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useOverridePlan } from "../api/override-plan.ts";
import { PLAN_LABELS } from "./format.ts";

export function PlanDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title="Override plan"
          description={
            <>
              <span className="font-medium text-foreground">{user.name || user.email}</span> is on{" "}
              {PLAN_LABELS[user.plan]}. An override changes their plan now, without a payment, and is written
              to the audit log.
            </>
          }
        >
          <PlanForm key={user.id} user={user} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PlanForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [plan, setPlan] = useState<OverridePlan>(user.plan);
  const [trialEnd, setTrialEnd] = useState(format(addDays(new Date(), 7), "yyyy-MM-dd"));
  const [seats, setSeats] = useState(String(user.seats ?? TEAM_SIZE.default));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const override = useOverridePlan();

  const submit = async () => {
    const raw =
      plan === "trial"
        ? { plan, trialEndsAt: trialEnd ? new Date(`${trialEnd}T23:59:59`).toISOString() : "" }
        : plan === "team"
          ? { plan, seats: Number(seats) }
          : { plan };
    const parsed = planOverrideBody.safeParse(raw);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "plan")] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const updated = await override.mutateAsync({ id: user.id, body: parsed.data });
      notifySuccess(
        "Plan changed",
        `${updated.name || updated.email} is now on ${PLAN_LABELS[updated.plan]}.`,
      );
      onDone();
    } catch (error) {
      notifyError(error, { title: "The plan was not changed" });
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-4"
      noValidate
    >
      <FormField id="admin-plan" label="Plan" error={errors.plan}>
        <NativeSelect
          {...fieldA11y("admin-plan", errors.plan)}
          value={plan}
          onChange={(e) => setPlan(e.target.value as OverridePlan)}
        >
          {OVERRIDE_PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {plan === "trial" && (
        <FormField id="admin-trial-end" label="Trial ends on" error={errors.trialEndsAt}>
          <Input
            {...fieldA11y("admin-trial-end", errors.trialEndsAt)}
            type="date"
            value={trialEnd}
            min={format(new Date(), "yyyy-MM-dd")}
            onChange={(e) => setTrialEnd(e.target.value)}
          />
        </FormField>
      )}
      {plan === "team" && (
        <FormField
          id="admin-seats"
          label="Seats"
          error={errors.seats}
          hint={`${TEAM_SIZE.min} to ${TEAM_SIZE.max} people.`}
        >
          <Input
            {...fieldA11y("admin-seats", errors.seats, "hint")}
            type="number"
            inputMode="numeric"
            min={TEAM_SIZE.min}
            max={TEAM_SIZE.max}
            step={1}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        </FormField>
      )}
      <DialogActions>
        <Button type="submit" disabled={override.isPending}>
          {override.isPending ? "Saving..." : "Save plan"}
        </Button>
      </DialogActions>
    </form>
  );
}
