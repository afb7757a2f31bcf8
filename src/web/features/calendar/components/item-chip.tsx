// One calendar item as a small clickable chip: tasks can also be dragged, the rest only opened.
import { Repeat } from "lucide-react";
import type { CSSProperties } from "react";
import { cn } from "#web/lib/cn.ts";
import type { CalendarItem } from "../calendar-items.ts";
import { DraggableTask } from "./calendar-dnd.tsx";
import { itemClass, itemTime, kindLabel, repeatsLabel } from "./item-appearance.ts";

export function ItemChip({
  item,
  onOpen,
  className,
  style,
  showTime = true,
  dragId,
}: {
  dragId?: string;
  item: CalendarItem;
  onOpen: (item: CalendarItem) => void;
  className?: string;
  style?: CSSProperties;
  showTime?: boolean;
}) {
  const time = itemTime(item);
  const repeats = repeatsLabel(item);
  // The visible words are part of the accessible name; the kind, (when hidden) the time and the
  // rule of a repeating task are added for screen readers only.
  const content = (
    <span className="block min-w-0 flex-1">
      <span className="sr-only">{kindLabel(item)}: </span>
      <span className={cn("flex min-w-0 items-center gap-1 font-medium", item.completed && "line-through")}>
        {repeats && <Repeat className="size-3 shrink-0 text-accent" aria-hidden="true" />}
        <span className="truncate">{item.title}</span>
      </span>
      {showTime ? (
        <span className="block truncate text-foreground/70 tabular-nums">{time}</span>
      ) : (
        <span className="sr-only">, {time}</span>
      )}
      {item.completed && <span className="sr-only">, completed</span>}
      {repeats && <span className="sr-only">. {repeats}</span>}
    </span>
  );
  const base = "overflow-hidden rounded-md px-1.5 py-0.5 text-xs leading-tight";
  // A future or completed occurrence is read-only: it opens, it does not move (its date is the
  // rule's, or history).
  if (item.kind === "task" && !item.occurrence) {
    return (
      <DraggableTask
        item={item}
        onOpen={onOpen}
        className={cn(base, className)}
        style={style}
        showGrip={showTime}
        dragId={dragId}
      >
        {content}
      </DraggableTask>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={cn(
        base,
        "block text-left text-foreground outline-offset-1 focus-visible:outline-2 focus-visible:outline-ring",
        itemClass(item),
        className,
      )}
      style={style}
      title={repeats ?? undefined}
    >
      {content}
    </button>
  );
}
