// The frame of every page: scroll restoration and the toaster (loaded after the page itself).
import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";

const Toaster = lazy(() => import("../../components/layout/toaster.tsx"));

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
