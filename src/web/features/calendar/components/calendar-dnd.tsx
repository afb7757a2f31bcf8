// Drag and drop of task deadlines on @dnd-kit: a draggable task chip (pointer, touch and keyboard)
// and droppable days and hour slots. Enter opens a task's details; Space picks it up to move it.
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { format } from "date-fns";
import { GripVertical } from "lucide-react";
import { type CSSProperties, type ReactNode, useState } from "react";
import { cn } from "#web/lib/cn.ts";
import { type CalendarItem, deadlineOn } from "../calendar-items.ts";
import { KIND_CLASS } from "./item-appearance.ts";

export type DropTarget = { day: Date; hour?: number; label: string };

const instructions = {
  draggable:
    "Press Enter to open the task. To move its deadline, press Space, use the arrow keys to move it a day or an hour at a time, then press Space again to drop it, or Escape to cancel.",
};

const targetOf = (data: unknown): DropTarget | null =>
  data && typeof data === "object" && "day" in data ? (data as DropTarget) : null;
const itemOf = (data: unknown): CalendarItem | null =>
  data && typeof data === "object" && "item" in data ? (data as { item: CalendarItem }).item : null;

// The pointer's own position decides where a task lands; the keyboard has no pointer, so there the
// slot the dragged chip overlaps most wins.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * Arrow keys jump from one drop target to the nearest one in that direction (the next hour, the
 * next day) instead of nudging the chip a few pixels.
 */
const jumpToNeighbour: KeyboardCoordinateGetter = (event, { context }) => {
  const dir = ARROWS[event.code];
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!dir || !collisionRect) return undefined;
  event.preventDefault();
  const from = (over && droppableRects.get(over.id)) ?? collisionRect;
  const cx = from.left + from.width / 2;
  const cy = from.top + from.height / 2;
  let best: { x: number; y: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const container of droppableContainers.getEnabled()) {
    const r = droppableRects.get(container.id);
    if (!r) continue;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const along = dir[0] !== 0 ? (x - cx) * dir[0] : (y - cy) * dir[1];
    if (along < 1) continue;
    const across = dir[0] !== 0 ? Math.abs(y - cy) : Math.abs(x - cx);
    const score = along + across * 4;
    if (score < bestScore) {
      bestScore = score;
      best = { x, y };
    }
  }
  if (!best) return undefined;
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 };
};

export function CalendarDnd({
  children,
  onMove,
}: {
  children: ReactNode;
  onMove: (item: CalendarItem, deadline: Date) => void;
}) {
  const [active, setActive] = useState<CalendarItem | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] },
      coordinateGetter: jumpToNeighbour,
      scrollBehavior: "auto",
    }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${itemOf(a.data.current)?.title ?? "the task"}.`,
    onDragOver: ({ active: a, over }) => {
      const t = targetOf(over?.data.current);
      const title = itemOf(a.data.current)?.title ?? "The task";
      return t ? `${title} is over ${t.label}.` : `${title} is not over a day.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const t = targetOf(over?.data.current);
      const title = itemOf(a.data.current)?.title ?? "The task";
      return t ? `${title} was moved to ${t.label}.` : `${title} was put back.`;
    },
    onDragCancel: ({ active: a }) => `Moving ${itemOf(a.data.current)?.title ?? "the task"} was cancelled.`,
  };

  const onDragStart = (e: DragStartEvent) => setActive(itemOf(e.active.data.current));
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const item = itemOf(e.active.data.current);
    const target = targetOf(e.over?.data.current);
    if (!item || !target) return;
    const next = deadlineOn(target.day, item.start, target.hour);
    if (next.getTime() !== item.start.getTime()) onMove(item, next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active && (
          <div
            className={cn(
              "w-40 rounded-md px-2 py-1 text-xs font-medium text-foreground shadow-lg",
              KIND_CLASS.task,
              "bg-accent-soft",
            )}
          >
            <span className="block truncate">{active.title}</span>
            <span className="text-foreground/70 tabular-nums">{format(active.start, "EEE H:mm")}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** A task chip that opens on click or Enter and can be dragged to a new deadline. */
export function DraggableTask({
  item,
  onOpen,
  className,
  style,
  children,
  showGrip = false,
  dragId = item.key,
}: {
  item: CalendarItem;
  /** Unique among the draggables on screen; the same task may be shown twice. */
  dragId?: string;
  onOpen: (item: CalendarItem) => void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  showGrip?: boolean;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: dragId,
    data: { item },
  });
  // A real button: Enter and clicks open the task; the keyboard sensor starts a drag only on Space,
  // and cancels the click that Space would otherwise cause.
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={() => onOpen(item)}
      className={cn(
        "cursor-grab text-left text-foreground outline-offset-1 focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing",
        KIND_CLASS.task,
        item.completed && "opacity-60",
        isDragging && "opacity-40",
        showGrip ? "flex items-start gap-1" : "block",
        className,
      )}
      style={style}
    >
      {showGrip && <GripVertical className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A day (month view, day list) or an hour of a day (week view) that a task can be dropped on. */
export function DropZone({
  id,
  target,
  className,
  overClassName = "bg-accent-soft/60",
  style,
  children,
}: {
  id: string;
  target: DropTarget;
  className?: string;
  overClassName?: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, data: target });
  return (
    <div ref={setNodeRef} className={cn(className, isOver && overClassName)} style={style}>
      {children}
    </div>
  );
}
