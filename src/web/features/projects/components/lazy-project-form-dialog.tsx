// The New project dialog, loaded the first time it opens: the sidebar shows on every page, and the
// form, its validation and the dialog stay out of the script a page needs before it is interactive
// (decision 029, as the task form). Once loaded it stays mounted, so closing it animates as before.
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { ProjectFormDialog as Eager } from "./project-form-dialog.tsx";

const Dialog = lazy(() =>
  import("./project-form-dialog.tsx").then((m) => ({ default: m.ProjectFormDialog })),
);

export function ProjectFormDialog(props: ComponentProps<typeof Eager>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
