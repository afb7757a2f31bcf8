// @vitest-environment happy-dom
// Two changes of the address made while the first one's loaders still run both stand: the task
// list's Category cleared, then Due chosen, must not come back as Category and Due together.
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useSearchParamsEditor } from "./use-search-params-editor.ts";

function Filters() {
  const [, edit] = useSearchParamsEditor();
  const { search } = useLocation();
  return (
    <>
      <output aria-label="Address">{search}</output>
      <button
        type="button"
        onClick={() => {
          edit((next) => next.delete("category"));
          edit((next) => next.set("due", "overdue"));
        }}
      >
        Two changes at once
      </button>
      <button type="button" onClick={() => edit((next) => next.set("q", "bank"))}>
        Search
      </button>
    </>
  );
}

describe("useSearchParamsEditor", () => {
  it("keeps both of two changes made before the first navigation settled, and the rest of the address", async () => {
    let release: () => void = () => {};
    const router = createMemoryRouter(
      [
        {
          path: "/dashboard",
          // Loaders that answer only when told: the address waits for them, as the dashboard's do.
          loader: () => new Promise<null>((resolve) => (release = () => resolve(null))),
          element: <Filters />,
        },
      ],
      { initialEntries: ["/dashboard?section=tasks&category=Research"] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => release());
    await act(async () => screen.getByRole("button", { name: "Two changes at once" }).click());
    await act(async () => release());
    await act(async () => release());
    expect(router.state.location.search).toBe("?section=tasks&due=overdue");
    expect(screen.getByLabelText("Address").textContent).toBe("?section=tasks&due=overdue");

    // Once settled, a later change starts from the address as it is.
    await act(async () => screen.getByRole("button", { name: "Search" }).click());
    await act(async () => release());
    expect(router.state.location.search).toBe("?section=tasks&due=overdue&q=bank");
  });
});
