import { BrainCircuit, CalendarClock, ChartLine, Target, Users, Workflow } from "lucide-react";
import { sectionIds } from "../sections.ts";
import { Container } from "./container.tsx";
import { SectionHeading } from "./section-heading.tsx";

const features = [
  {
    icon: BrainCircuit,
    title: "AI intelligence",
    text: "Kairo ranks your tasks by deadline, effort and your own working patterns, and says why. It also notices long days and suggests when to ease off.",
  },
  {
    icon: CalendarClock,
    title: "Smart calendar",
    text: "Connect your Google or Microsoft calendar to see meetings beside your tasks, and find open blocks for focused work.",
  },
  {
    icon: Users,
    title: "Team collaboration",
    text: "Shared workspaces show who is online and what they are working on, with a live feed of what the team just did.",
  },
  {
    icon: Workflow,
    title: "Workflow automation",
    text: "Turn repeat work into rules: when a task changes status or a meeting ends, Kairo creates tasks, sends notifications or writes a report.",
  },
  {
    icon: Target,
    title: "Goal tracking",
    text: "Set an estimate for each task, track time against it with one click, and keep a steady rhythm with a daily count of focus sessions.",
  },
  {
    icon: ChartLine,
    title: "Advanced analytics",
    text: "Follow your completion rate, hours and focus sessions over time, and learn the hours and days you do your best work.",
  },
];

export function Features() {
  return (
    <section
      id={sectionIds.features}
      aria-labelledby="features-title"
      className="scroll-mt-16 py-16 sm:py-24"
    >
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your day needs, nothing it doesn't"
        >
          Tasks, time, calendar and team in one place, with AI that explains its suggestions instead of making
          decisions for you.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-lg border border-border bg-background p-6 transition-colors duration-150 hover:border-accent/40"
            >
              <span className="grid size-10 place-items-center rounded-lg bg-accent-soft text-accent">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-base font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
