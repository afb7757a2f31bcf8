import { Clock, Target, Users } from "lucide-react";
import { Container } from "./container.tsx";
import { SectionHeading } from "./section-heading.tsx";

const highlights = [
  {
    icon: Target,
    title: "Focus on what matters",
    text: "One ranked list instead of five tabs. Start a timer on the top task and let Kairo keep count.",
  },
  {
    icon: Clock,
    title: "See where time goes",
    text: "Every task shows its estimate next to the time you actually spent, so next week's plan is more realistic.",
  },
  {
    icon: Users,
    title: "Work well together",
    text: "Share a workspace, see who is working on what, and hand work over without a status meeting.",
  },
];

export function Highlights() {
  return (
    <section aria-labelledby="highlights-title" className="border-y border-border bg-surface py-16 sm:py-20">
      <Container>
        <SectionHeading id="highlights-title" title="A calmer way to run your day" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-3 sm:gap-6">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-background p-6">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <h3 className="mt-4 text-base font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
