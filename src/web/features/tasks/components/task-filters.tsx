import { Search, X } from "lucide-react";
import type { ReactNode } from "react";
import { DUE_FILTERS } from "#shared/contracts/tasks.ts";
import { TASK_CATEGORIES, TASK_STATUSES } from "#shared/domain/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { cn } from "#web/lib/cn.ts";
import type { TaskFilters as Filters } from "../api/list-tasks.ts";
import { DUE_LABELS, STATUS_LABELS } from "../lib/task-labels.ts";

export function TaskFilters({
  filters,
  search,
  onSearchChange,
  onFilterChange,
  onClear,
  active,
  project,
}: {
  filters: Filters;
  search: string;
  onSearchChange: (text: string) => void;
  onFilterChange: <K extends "category" | "status" | "due">(key: K, value: Filters[K] | "") => void;
  onClear: () => void;
  active: boolean;
  /** The project picker, where the list spans projects (the route brings it). */
  project?: ReactNode;
}) {
  return (
    <search
      className={cn(
        "mb-4 grid grid-cols-2 gap-3 lg:items-end",
        // Five filters in one row only where "All categories" fits its select (xl); below, two rows.
        project
          ? "md:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(9rem,1fr))_auto]"
          : "lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]",
      )}
    >
      <div
        className={cn(
          "col-span-2 flex flex-col gap-1.5",
          project ? "md:col-span-4 xl:col-span-1" : "lg:col-span-1",
        )}
      >
        <Label htmlFor="task-search">Search tasks</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            id="task-search"
            type="search"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            placeholder="Title contains..."
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="task-filter-category">Category</Label>
        <NativeSelect
          id="task-filter-category"
          value={filters.category ?? ""}
          onChange={(e) => onFilterChange("category", e.target.value as Filters["category"] | "")}
        >
          <option value="">All categories</option>
          {TASK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="task-filter-status">Status</Label>
        <NativeSelect
          id="task-filter-status"
          value={filters.status ?? ""}
          onChange={(e) => onFilterChange("status", e.target.value as Filters["status"] | "")}
        >
          <option value="">All statuses</option>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="task-filter-due">Due</Label>
        <NativeSelect
          id="task-filter-due"
          value={filters.due ?? ""}
          onChange={(e) => onFilterChange("due", e.target.value as Filters["due"] | "")}
        >
          <option value="">Any time</option>
          {DUE_FILTERS.map((d) => (
            <option key={d} value={d}>
              {DUE_LABELS[d]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {project}
      <Button
        variant="ghost"
        onClick={onClear}
        disabled={!active}
        className={cn(
          "self-end justify-self-start lg:col-span-1",
          // On a phone an idle button keeps its cell beside Due; with the Project filter it would
          // sit on a row of its own below the one-row layout (xl), so it leaves no gap there instead.
          !active && (project ? "max-xl:hidden" : "max-lg:invisible"),
        )}
      >
        <X aria-hidden="true" />
        Clear filters
      </Button>
    </search>
  );
}
