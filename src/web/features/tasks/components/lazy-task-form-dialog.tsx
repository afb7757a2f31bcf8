// The New Task / Edit Task dialog, loaded the first time it opens: the form, its validation (zod and
// react-hook-form) and the dialog stay out of the script a page needs before it is interactive
// (decision 029). Once loaded it stays mounted, so closing it animates as before.
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { TaskFormDialog as Eager } from "./task-form-dialog.tsx";

const Dialog = lazy(() => import("./task-form-dialog.tsx").then((m) => ({ default: m.TaskFormDialog })));

export function TaskFormDialog(props: ComponentProps<typeof Eager>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
