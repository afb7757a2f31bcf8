import { Tabs } from "radix-ui";
import { Link } from "react-router";
import { BREACH_NOTICE_HOURS, DATA_RETENTION_DAYS, SUBPROCESSOR_NOTICE_DAYS } from "#shared/domain/limits.ts";
import { siteConfig } from "#shared/domain/site-config.ts";
import { paths } from "#web/config/paths.ts";
import { LegalLayout } from "#web/features/legal/components/legal-layout.tsx";
import { LegalSection } from "#web/features/legal/components/legal-section.tsx";

const { name, legalEntity, privacyEmail } = siteConfig;

const tabs = [
  { value: "general", label: "General" },
  { value: "gdpr", label: "GDPR" },
  { value: "ccpa", label: "CCPA" },
  { value: "ai", label: "AI & Data" },
] as const;

const PrivacyMail = () => <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>;

export function Component() {
  return (
    <LegalLayout
      page="privacy"
      summary={
        <p>
          What {name} collects, why, how long we keep it and what you can do about it. The tabs cover the
          general policy, your rights under the GDPR and the CCPA, and how AI features use your data.
        </p>
      }
    >
      <Tabs.Root defaultValue="general">
        <Tabs.List
          aria-label="Privacy policy topics"
          className="grid grid-cols-2 gap-1 rounded-lg border border-border bg-surface p-1 sm:inline-grid sm:grid-cols-4"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="min-h-11 rounded-md px-4 text-sm font-medium text-muted transition-colors duration-150 hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:min-h-9"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="general" className="mt-10">
          <GeneralTab />
        </Tabs.Content>
        <Tabs.Content value="gdpr" className="mt-10">
          <GdprTab />
        </Tabs.Content>
        <Tabs.Content value="ccpa" className="mt-10">
          <CcpaTab />
        </Tabs.Content>
        <Tabs.Content value="ai" className="mt-10">
          <AiTab />
        </Tabs.Content>
      </Tabs.Root>
    </LegalLayout>
  );
}

function GeneralTab() {
  return (
    <>
      <LegalSection id="privacy-collect" title="What we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, job title and password (stored only as
            a secure hash).
          </li>
          <li>
            <strong>What you create:</strong> tasks, descriptions, time logs, focus sessions, workflows and
            team activity.
          </li>
          <li>
            <strong>Calendar data,</strong> only if you connect a calendar: events, their times, locations and
            attendees, and the access token needed to sync them.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and server logs, used to keep the
            service secure and working.
          </li>
          <li>
            <strong>Billing records:</strong> your plan and payment history. Card details go straight to our
            payment provider; we never see them.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-why" title="Why we use it">
        <ul>
          <li>To run {name} for you: store your work, sync calendars, run timers and workflows.</li>
          <li>To produce the analytics and AI insights you ask for.</li>
          <li>
            To send the emails the service needs, such as verification, password resets and billing notices.
          </li>
          <li>To keep accounts safe, prevent abuse and fix problems.</li>
        </ul>
        <p>We do not sell your data and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection id="privacy-sharing" title="Who we share it with">
        <p>
          Only with the service providers that help us run {name} (hosting, email delivery, payments, and the
          calendar providers you connect), under contracts that protect your data. We tell business customers{" "}
          {SUBPROCESSOR_NOTICE_DAYS} days before we add or replace one. We disclose data to authorities only
          when the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-retention" title="How long we keep it">
        <p>
          We keep your data while your account is open. When you delete your account, we delete your data,
          including backups, within {DATA_RETENTION_DAYS} days, except records the law requires us to keep,
          such as invoices.
        </p>
      </LegalSection>

      <LegalSection id="privacy-security" title="How we protect it">
        <p>
          All traffic is encrypted, calendar access tokens are encrypted at rest, and you can turn on
          two-factor authentication. If a breach affects your personal data, we will tell you and the relevant
          authority within {BREACH_NOTICE_HOURS} hours of becoming aware of it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-rights" title="Your rights">
        <ul>
          <li>
            <strong>Access:</strong> see the data we hold about you.
          </li>
          <li>
            <strong>Export:</strong> download your data in a portable format.
          </li>
          <li>
            <strong>Correction:</strong> fix anything that is wrong.
          </li>
          <li>
            <strong>Deletion:</strong> delete your account and everything in it.
          </li>
        </ul>
        <p>
          You can correct your profile and delete your work in the app at any time. For everything else, write
          to <PrivacyMail />. We answer within a month.
        </p>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="Cookies">
        <p>
          We use one essential cookie to keep you signed in and local storage for your preferences. No
          advertising cookies. See the <Link to={paths.cookiesAlt}>Cookie Policy</Link>.
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact">
        <p>
          {legalEntity} is responsible for your personal data. Questions or requests: <PrivacyMail />.
        </p>
      </LegalSection>
    </>
  );
}

function GdprTab() {
  return (
    <>
      <LegalSection id="gdpr-roles" title="Controller and processor">
        <p>
          For your account and billing, {legalEntity} is the controller. When an organisation uses {name} for
          its team, the organisation is the controller of its workspace data and we are its processor, under
          our <Link to={paths.dpa}>Data Processing Agreement</Link>.
        </p>
      </LegalSection>

      <LegalSection id="gdpr-bases" title="Legal bases">
        <ul>
          <li>
            <strong>Contract:</strong> to provide the service you signed up for.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to keep {name} secure and improve it, in ways you would
            expect.
          </li>
          <li>
            <strong>Consent:</strong> for optional things, such as connecting a calendar. You can withdraw it
            at any time.
          </li>
          <li>
            <strong>Legal obligation:</strong> for example, keeping invoices.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="gdpr-rights" title="Your rights under the GDPR">
        <p>
          You can ask to access, correct, delete, restrict or export your personal data, and object to
          processing based on legitimate interests. Write to <PrivacyMail />; we answer within one month. You
          can also complain to your local data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="gdpr-transfers" title="International transfers">
        <p>
          If your data is transferred outside the European Economic Area or the United Kingdom to a country
          without an adequacy decision, we rely on the European Commission's Standard Contractual Clauses.
        </p>
      </LegalSection>

      <LegalSection id="gdpr-breaches" title="Breaches and retention">
        <p>
          We notify the supervisory authority, and you where required, within {BREACH_NOTICE_HOURS} hours of
          becoming aware of a personal data breach. Data is deleted within {DATA_RETENTION_DAYS} days of
          account deletion.
        </p>
      </LegalSection>
    </>
  );
}

function CcpaTab() {
  return (
    <>
      <LegalSection id="ccpa-categories" title="What we collect">
        <p>
          In the last 12 months we collected identifiers (name, email, IP address), commercial information
          (plan and payment history), internet activity (server logs), professional information (job title)
          and the content you create. The General tab explains why.
        </p>
      </LegalSection>

      <LegalSection id="ccpa-sale" title="No sale or sharing">
        <p>
          We do not sell your personal information, and we do not share it for cross-context behavioural
          advertising. Because of that, there is nothing to opt out of.
        </p>
      </LegalSection>

      <LegalSection id="ccpa-rights" title="Your rights as a California resident">
        <ul>
          <li>Know what personal information we collect, use and disclose.</li>
          <li>Delete your personal information.</li>
          <li>Correct inaccurate personal information.</li>
          <li>Not be treated differently for using any of these rights.</li>
        </ul>
        <p>
          Write to <PrivacyMail />. We will confirm your identity by email before we act, and reply within 45
          days. An authorised agent can make a request for you with your written permission.
        </p>
      </LegalSection>
    </>
  );
}

function AiTab() {
  return (
    <>
      <LegalSection id="ai-default" title="Built-in insights by default">
        <p>
          Out of the box, {name}'s insights, predictions and burnout alerts come from built-in statistics and
          rules that run on our own servers, over your own tasks, time logs and focus sessions. No data goes
          to an outside AI service.
        </p>
      </LegalSection>

      <LegalSection id="ai-external" title="External AI models">
        <p>
          The operator of your {name} installation can connect an external language model to write richer
          insights. Only then are summary figures sent to that model's provider: your completion rate, task
          counts, hours tracked, focus sessions, work-pattern figures (hours per day, weekend and after-hours
          work, breaks), your peak hours and the workload-strain factors. Task titles are sent only if you
          turn on "Share task titles with the AI model" under Settings, Privacy (off by default). Your
          password, payment details, task descriptions and calendar data are never sent.
        </p>
        <p>
          An external model provider is a sub-processor, bound by the same protections as our other providers,
          and business customers are told about it {SUBPROCESSOR_NOTICE_DAYS} days before it is added.
        </p>
      </LegalSection>

      <LegalSection id="ai-training" title="No training on your data">
        <p>We do not use your content to train AI models, and we do not allow our providers to do so.</p>
      </LegalSection>

      <LegalSection id="ai-control" title="You stay in control">
        <p>
          Insights are suggestions, never automatic decisions about you. Stored insights and applied
          recommendations are deleted with your account, within {DATA_RETENTION_DAYS} days.
        </p>
      </LegalSection>
    </>
  );
}
