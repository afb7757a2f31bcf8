// The frame of every page: scroll restoration, the offline notice and the toaster (downloaded with the first toast).
import { lazy, Suspense, useSyncExternalStore } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { OfflineNotice } from "#web/components/layout/offline-notice.tsx";
import { toasterStore } from "#web/lib/toaster-store.ts";

const Toaster = lazy(() => import("#web/components/layout/toaster.tsx"));

export function RootLayout() {
  const toasts = useSyncExternalStore(toasterStore.subscribe, toasterStore.wanted, toasterStore.wanted);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <OfflineNotice />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
