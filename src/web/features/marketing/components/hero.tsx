import { ArrowRight, CirclePlay, Sparkles } from "lucide-react";
import { TRIAL_DAYS } from "#shared/domain/limits.ts";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { StartLink } from "../navigation.tsx";
import { watchDemo } from "../watch-demo.ts";
import { Container } from "./container.tsx";
import { ProductMock } from "./product-mock.tsx";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,var(--accent-soft),transparent)] opacity-60 dark:opacity-50"
      />
      <Container className="pt-14 pb-12 text-center sm:pt-24 sm:pb-16">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-xs font-medium text-foreground">
          <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
          {TRIAL_DAYS}-day free trial · No credit card needed
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-3xl text-[2rem] leading-tight font-semibold tracking-tight text-balance sm:text-5xl sm:leading-[1.1]"
        >
          Plan less. Finish what matters.
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-muted sm:text-xl sm:leading-8">
          Kairo brings your tasks, calendar and time tracking into one calm workspace, then suggests what to
          do next and when to take a break.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <StartLink className={buttonVariants({ size: "lg" })}>
            {/* Spec, landing page: Try Demo when no backend is configured. */}
            {DEMO_MODE ? "Try Demo" : "Start Free Trial"}
            <ArrowRight aria-hidden="true" />
          </StartLink>
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "lg" })}
            data-watch-demo
            onClick={watchDemo}
          >
            <CirclePlay aria-hidden="true" />
            Watch Demo
          </button>
        </div>
        <p className="mt-4 text-sm text-muted">
          {TRIAL_DAYS} days free on paid plans, then choose what fits. Cancel anytime.
        </p>
      </Container>
      <Container className="pb-16 sm:pb-24">
        <ProductMock />
      </Container>
    </section>
  );
}
