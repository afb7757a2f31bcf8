// One calendar item as a small clickable chip: tasks can also be dragged, the rest only opened.
import type { CSSProperties } from "react";
import { cn } from "#web/lib/cn.ts";
import type { CalendarItem } from "../calendar-items.ts";
import { DraggableTask } from "./calendar-dnd.tsx";
import { itemTime, KIND_CLASS, KIND_LABEL } from "./item-appearance.ts";

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
  // The visible words are part of the accessible name; the kind and (when hidden) the time are
  // added for screen readers only.
  const content = (
    <span className="block min-w-0 flex-1">
      <span className="sr-only">{KIND_LABEL[item.kind]}: </span>
      <span className={cn("block truncate font-medium", item.completed && "line-through")}>{item.title}</span>
      {showTime ? (
        <span className="block truncate text-foreground/70 tabular-nums">{time}</span>
      ) : (
        <span className="sr-only">, {time}</span>
      )}
      {item.completed && <span className="sr-only">, completed</span>}
    </span>
  );
  const base = "overflow-hidden rounded-md px-1.5 py-0.5 text-xs leading-tight";
  if (item.kind === "task") {
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
        KIND_CLASS[item.kind],
        className,
      )}
      style={style}
    >
      {content}
    </button>
  );
}
