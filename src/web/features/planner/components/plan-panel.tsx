// The calendar's plan: Plan my week / Plan my day, the preview beside the plan in force on a week
// view (proposed blocks dashed), each block's reason, Accept all, accept or reject one block, drag a
// block to another time (or move it with the keyboard through its details), what could not be
// planned with the smallest change that would fit it, and a re-plan suggestion when things changed.

import { CalendarClock, Pin } from "lucide-react";
import { DateTime } from "luxon";
import { type DragEvent, useId, useMemo, useState } from "react";
import type { PlanBlockDto, PlanResponse } from "#shared/contracts/planner.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import {
  useAcceptAll,
  useBlockDecision,
  useDiscardProposal,
  useMoveBlock,
  usePlan,
  useProposePlan,
} from "../api/planner-api.ts";

const HOUR_PX = 44;
const SNAP_MINUTES = 15;

type Zoned = { zone: string };
const at = (iso: string, { zone }: Zoned) => DateTime.fromISO(iso, { zone });
const timeRange = (b: PlanBlockDto, z: Zoned) =>
  `${at(b.start, z).toFormat("ccc d LLL, HH:mm")}-${at(b.end, z).toFormat("HH:mm")}`;

function daysOf(plan: PlanResponse): string[] {
  const zone = plan.timeZone;
  const first = plan.proposal
    ? DateTime.fromISO(plan.proposal.startDate, { zone })
    : DateTime.now().setZone(zone).startOf("week");
  const count = plan.proposal
    ? Math.min(7, Math.max(plan.proposal.days, plan.proposal.days === 1 ? 1 : 7))
    : 7;
  return Array.from({ length: count }, (_, i) => first.plus({ days: i }).toISODate()!);
}

function hourRange(blocks: PlanBlockDto[], z: Zoned) {
  let from = 8;
  let to = 18;
  for (const b of blocks) {
    from = Math.min(from, at(b.start, z).hour);
    const e = at(b.end, z);
    to = Math.max(to, e.hour + (e.minute ? 1 : 0));
  }
  return { from, to: Math.min(24, to) };
}

export function PlanPanel() {
  const plan = usePlan();
  const propose = useProposePlan();
  const acceptAll = useAcceptAll();
  const discard = useDiscardProposal();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const busy = propose.isPending || acceptAll.isPending || discard.isPending;

  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="plan-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="plan-heading" className="flex items-center gap-2 text-base font-semibold sm:text-lg">
            <CalendarClock className="size-5" aria-hidden="true" />
            Your plan
          </h2>
          <p className="text-sm text-muted">
            Kairo proposes when to work on your open tasks; nothing changes until you accept.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => propose.mutate({ scope: "week" })}>
            Plan my week
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => propose.mutate({ scope: "day" })}
          >
            Plan my day
          </Button>
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-4">
        {plan.isPending ? (
          <Spinner className="justify-start" label="Loading your plan..." visibleLabel />
        ) : plan.isError ? (
          <LoadError what="Your plan" error={plan.error} onRetry={() => void plan.refetch()} />
        ) : (
          <PlanBody
            plan={plan.data}
            selectedId={selectedId}
            onSelect={setSelectedId}
            busy={busy}
            onAcceptAll={() => acceptAll.mutate()}
            onDiscard={() => discard.mutate()}
            onReplan={() => propose.mutate({ scope: "week" })}
            planning={propose.isPending}
          />
        )}
      </div>
    </Card>
  );
}

function PlanBody({
  plan,
  selectedId,
  onSelect,
  busy,
  onAcceptAll,
  onDiscard,
  onReplan,
  planning,
}: {
  plan: PlanResponse;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  busy: boolean;
  onAcceptAll: () => void;
  onDiscard: () => void;
  onReplan: () => void;
  planning: boolean;
}) {
  const z = { zone: plan.timeZone };
  const p = plan.proposal;
  const all = [...plan.blocks, ...plan.proposed];
  const selected = all.find((b) => b.id === selectedId) ?? null;
  const adds = plan.proposed.filter((b) => b.change === "add").length;
  const moves = plan.proposed.filter((b) => b.change === "move").length;
  return (
    <>
      {planning && <Spinner className="justify-start" label="Planning..." visibleLabel />}
      {plan.replanSuggested && (
        <Alert tone="info">
          <p className="font-medium">Things changed since you accepted this plan. Plan again?</p>
          <ul className="mt-1 list-disc pl-5">
            {plan.replanSuggested.why.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
          <Button size="sm" variant="outline" className="mt-2" onClick={onReplan} disabled={busy}>
            Plan again
          </Button>
        </Alert>
      )}
      {p && (
        <section
          aria-label="Proposed plan"
          className="flex flex-col gap-2 rounded-lg border border-dashed border-accent p-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm" aria-live="polite">
              Preview for {p.scope === "day" ? "the day" : "the week"}: {adds} to add, {moves} to move,{" "}
              {p.removes.length} to remove.
            </p>
            <div className="flex gap-2">
              <Button size="sm" onClick={onAcceptAll} disabled={busy}>
                Accept all
              </Button>
              <Button size="sm" variant="ghost" onClick={onDiscard} disabled={busy}>
                Discard
              </Button>
            </div>
          </div>
          {p.notes.map((n) => (
            <p key={n} className="text-xs text-muted">
              {n}
            </p>
          ))}
          {p.taskNotes.map((t) => (
            <p key={`${t.taskId}${t.occurrenceDue ?? ""}`} className="text-xs text-muted">
              {t.title}: {t.notes.join("; ")}
            </p>
          ))}
          {p.removes.length > 0 && (
            <ul className="text-xs text-muted" aria-label="Blocks the plan removes">
              {p.removes.map((b) => (
                <li key={b.id}>
                  Removes {b.title}, {timeRange(b, z)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {all.length === 0 && !p ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-2.5 text-sm text-muted">
          No plan yet. Press Plan my week and Kairo proposes blocks for your open tasks inside your working
          hours.
        </p>
      ) : (
        <WeekPlan plan={plan} onSelect={onSelect} selectedId={selectedId} />
      )}

      {selected && <BlockDetails block={selected} zone={plan.timeZone} onClose={() => onSelect(null)} />}

      {plan.proposed.length > 0 && (
        <section aria-labelledby="proposed-heading">
          <h3 id="proposed-heading" className="text-sm font-semibold">
            Proposed blocks
          </h3>
          <ul className="mt-2 flex flex-col gap-2">
            {plan.proposed.map((b) => (
              <li key={b.id} className="rounded-lg border border-dashed border-accent p-2">
                <BlockLine block={b} zone={plan.timeZone} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {p && p.unplaced.length > 0 && (
        <section aria-labelledby="unplaced-heading">
          <h3 id="unplaced-heading" className="text-sm font-semibold">
            Not planned
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {p.unplaced.map((u) => (
              <li key={`${u.taskId}${u.occurrenceDue ?? ""}`} className="rounded-lg bg-warning/10 px-3 py-2">
                {u.text}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function BlockLine({ block, zone }: { block: PlanBlockDto; zone: string }) {
  const decide = useBlockDecision();
  const when = timeRange(block, { zone });
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium">
          {block.title} <span className="font-normal text-muted tabular-nums">{when}</span>{" "}
          {block.change === "move" && <Badge tone="accent">Moved</Badge>}
        </p>
        <p className="text-xs text-muted">Why here: {block.reason}</p>
      </div>
      {block.state === "proposed" && (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label={`Accept ${block.title}, ${when}`}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: block.id, decision: "accept" })}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Reject ${block.title}, ${when}`}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: block.id, decision: "reject" })}
          >
            Reject
          </Button>
        </div>
      )}
    </div>
  );
}

function WeekPlan({
  plan,
  selectedId,
  onSelect,
}: {
  plan: PlanResponse;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const z = { zone: plan.timeZone };
  const days = useMemo(() => daysOf(plan), [plan]);
  const removed = new Set(plan.proposal?.removes.map((b) => b.id) ?? []);
  const movedAway = new Set(plan.proposed.map((b) => b.previousId).filter(Boolean));
  const blocks = [...plan.blocks, ...plan.proposed];
  const hours = hourRange(blocks, z);
  const move = useMoveBlock();
  const height = (hours.to - hours.from) * HOUR_PX;

  const onDrop = (e: DragEvent<HTMLDivElement>, date: string) => {
    e.preventDefault();
    const id = e.dataTransfer.getData("text/kairo-block");
    const block = blocks.find((b) => b.id === id);
    if (!block) return;
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    const minutes = Math.round(((y / HOUR_PX) * 60) / SNAP_MINUTES) * SNAP_MINUTES + hours.from * 60;
    const start = DateTime.fromISO(date, z).plus({ minutes });
    const length = at(block.end, z).diff(at(block.start, z)).as("minutes");
    move.mutate({ id, start: start.toUTC().toISO()!, end: start.plus({ minutes: length }).toUTC().toISO()! });
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <div
        className="grid min-w-[640px]"
        style={{ gridTemplateColumns: `3rem repeat(${days.length}, minmax(0, 1fr))` }}
      >
        <div />
        {days.map((d) => (
          <div
            key={d}
            className="border-l border-border px-1 py-2 text-center text-xs font-medium text-muted"
          >
            {DateTime.fromISO(d, z).toFormat("ccc d")}
          </div>
        ))}
        <div className="relative" style={{ height }} aria-hidden="true">
          {Array.from({ length: hours.to - hours.from }, (_, i) => hours.from + i).map((hour) => (
            <span
              key={hour}
              className="absolute right-1 text-[11px] text-muted tabular-nums"
              style={{ top: (hour - hours.from) * HOUR_PX }}
            >
              {hour}:00
            </span>
          ))}
        </div>
        {days.map((d) => {
          const dayStart = DateTime.fromISO(d, z);
          const mine = blocks.filter((b) => at(b.start, z).toISODate() === d);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged blocks; the keyboard moves a block through its details
            <div
              key={d}
              className="relative border-l border-t border-border"
              style={{ height }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, d)}
            >
              <ul aria-label={dayStart.toFormat("cccc d LLLL")}>
                {mine.map((b) => {
                  const s = at(b.start, z);
                  const top = ((s.diff(dayStart).as("minutes") - hours.from * 60) / 60) * HOUR_PX;
                  const h = (at(b.end, z).diff(s).as("minutes") / 60) * HOUR_PX;
                  const gone = removed.has(b.id) || movedAway.has(b.id);
                  return (
                    <li
                      key={b.id}
                      className="absolute inset-x-0.5"
                      style={{ top, height: Math.max(h - 2, 18) }}
                    >
                      <button
                        type="button"
                        draggable
                        onDragStart={(e) => e.dataTransfer.setData("text/kairo-block", b.id)}
                        onClick={() => onSelect(b.id)}
                        aria-pressed={selectedId === b.id}
                        title={`${b.title}: ${b.reason}`}
                        data-state={b.state}
                        className={cn(
                          "flex size-full flex-col overflow-hidden rounded-md px-1.5 py-0.5 text-left text-[11px] leading-tight",
                          b.state === "proposed"
                            ? "border-2 border-dashed border-accent bg-accent-soft/50"
                            : "border border-accent/40 bg-accent text-accent-foreground",
                          gone && "opacity-40 line-through",
                          selectedId === b.id && "outline-2 outline-ring",
                        )}
                      >
                        <span className="flex items-center gap-1 font-medium">
                          {b.state === "pinned" && <Pin className="size-3" aria-label="Pinned" />}
                          <span className="truncate">
                            {b.state === "proposed" ? "Proposed: " : ""}
                            {b.title}
                          </span>
                        </span>
                        {h >= 34 && <span className="tabular-nums">{s.toFormat("HH:mm")}</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
      <p className="border-t border-border px-3 py-1.5 text-xs text-muted">
        Dashed blocks are proposed. Drag a block to another time, or select it to read why it is there and
        move it with the keyboard; a moved block is pinned.
      </p>
    </div>
  );
}

function BlockDetails({ block, zone, onClose }: { block: PlanBlockDto; zone: string; onClose: () => void }) {
  const id = useId();
  const move = useMoveBlock();
  const [start, setStart] = useState(() => at(block.start, { zone }).toFormat("yyyy-MM-dd'T'HH:mm"));
  const length = at(block.end, { zone }).diff(at(block.start, { zone })).as("minutes");
  const submit = () => {
    const s = DateTime.fromISO(start, { zone });
    if (!s.isValid) return;
    move.mutate({
      id: block.id,
      start: s.toUTC().toISO()!,
      end: s.plus({ minutes: length }).toUTC().toISO()!,
    });
  };
  return (
    <section aria-label={`Block details: ${block.title}`} className="rounded-lg border border-border p-3">
      <BlockLine block={block} zone={zone} />
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-start`}>New start</Label>
          <Input
            id={`${id}-start`}
            type="datetime-local"
            step={300}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className="h-9"
          />
        </div>
        <Button size="sm" type="submit" disabled={move.isPending}>
          Move and pin
        </Button>
        <Button size="sm" type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </form>
    </section>
  );
}
