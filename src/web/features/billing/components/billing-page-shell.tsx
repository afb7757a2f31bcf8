// The frame of the local checkout and portal pages: the logo, and one centred card.
import type { ReactNode } from "react";
import { Logo } from "#web/components/layout/logo.tsx";

export function BillingPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-8">{children}</main>
    </div>
  );
}
