import { TRIAL_DAYS } from "#shared/domain/limits.ts";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { paths } from "#web/config/paths.ts";
import { PageLink, StartLink } from "../navigation.tsx";
import { Container } from "./container.tsx";

export function FinalCta() {
  return (
    <section aria-labelledby="final-cta-title" className="pb-16 sm:pb-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-2xl border border-border bg-surface px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(50%_80%_at_50%_100%,var(--accent-soft),transparent)] opacity-50"
          />
          <h2
            id="final-cta-title"
            className="mx-auto max-w-xl text-2xl font-semibold tracking-tight text-balance sm:text-[2rem] sm:leading-tight"
          >
            Give your week a calmer shape
          </h2>
          <p className="mx-auto mt-4 max-w-lg text-base text-pretty">
            Set up your first list in a minute. Kairo learns how you work as you go.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <StartLink className={buttonVariants({ size: "lg" })}>Start Free Trial</StartLink>
            <PageLink href={paths.login} className={buttonVariants({ size: "lg", variant: "outline" })}>
              Sign In
            </PageLink>
          </div>
          <p className="mt-6 text-sm">
            No credit card required · {TRIAL_DAYS}-day free trial · Cancel anytime
          </p>
        </div>
      </Container>
    </section>
  );
}
