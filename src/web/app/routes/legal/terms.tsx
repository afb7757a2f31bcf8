import { Link } from "react-router";
import {
  BREACH_NOTICE_HOURS,
  DATA_RETENTION_DAYS,
  REFUND_DAYS,
  SUBPROCESSOR_NOTICE_DAYS,
  TRIAL_DAYS,
} from "#shared/domain/limits.ts";
import { PLANS, TEAM_SIZE } from "#shared/domain/plans.ts";
import { siteConfig } from "#shared/domain/site-config.ts";
import { paths } from "#web/config/paths.ts";
import { LegalLayout } from "#web/features/legal/components/legal-layout.tsx";
import { LegalSection } from "#web/features/legal/components/legal-section.tsx";

const { name, legalEntity, supportEmail } = siteConfig;

export function Component() {
  return (
    <LegalLayout
      page="terms"
      summary={
        <p>
          These terms explain what you can expect from {name} and what we expect from you. We have kept them
          as short and plain as we can.
        </p>
      }
    >
      <LegalSection id="terms-agreement" title="1. Who we are">
        <p>
          {name} is run by {legalEntity} ("we", "us"). By creating an account or using {name}, you agree to
          these terms. If you use {name} for an organisation, you confirm that you may agree to them on its
          behalf.
        </p>
      </LegalSection>

      <LegalSection id="terms-accounts" title="2. Your account">
        <ul>
          <li>Give us accurate details and keep your email address up to date.</li>
          <li>
            Keep your password to yourself. We recommend turning on two-factor authentication in your
            settings.
          </li>
          <li>
            You are responsible for what happens in your account. Tell us straight away if you suspect misuse.
          </li>
          <li>You must be old enough to enter a binding contract where you live.</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-plans" title="3. Plans and the free trial">
        <p>
          {name} has a {PLANS.free.name} plan and paid {PLANS.pro.name} and {PLANS.team.name} plans. The{" "}
          {PLANS.elite.name} plan is not available yet. What each plan includes is shown on our pricing page
          and in your settings.
        </p>
        <p>
          Paid plans start with a {TRIAL_DAYS}-day free trial. You are not charged until the trial ends, and
          if you cancel before then you pay nothing. When a trial ends without a subscription, your account
          keeps working on the {PLANS.free.name} plan.
        </p>
        <p>
          {PLANS.team.name} plans are priced per person and cover {TEAM_SIZE.min} to {TEAM_SIZE.max} people.
          For larger teams, contact us.
        </p>
      </LegalSection>

      <LegalSection id="terms-billing" title="4. Billing and refunds">
        <ul>
          <li>
            Subscriptions are billed in advance, monthly or yearly, and renew automatically until you cancel.
          </li>
          <li>
            You can cancel at any time in your settings. Your plan stays active until the end of the period
            you have paid for.
          </li>
          <li>
            If {name} is not right for you, ask for a full refund within {REFUND_DAYS} days of a payment by
            writing to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </li>
          <li>
            If we change a price, we will tell you before it applies to your next billing period, so you can
            decide whether to continue.
          </li>
          <li>Payments are handled by our payment provider. We never see or store your full card number.</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-use" title="5. Acceptable use">
        <p>Use {name} for lawful work. In particular, do not:</p>
        <ul>
          <li>upload anything you have no right to share, or that is harmful or illegal;</li>
          <li>try to reach other people's data, or test or break our security without written permission;</li>
          <li>overload the service, scrape it, or use it to send spam;</li>
          <li>resell {name} or build a competing product by copying it.</li>
        </ul>
        <p>We may suspend an account that breaks these rules. Where we can, we will warn you first.</p>
      </LegalSection>

      <LegalSection id="terms-content" title="6. Your content">
        <p>
          What you put into {name} (tasks, notes, time logs, workflows) stays yours. You allow us to store and
          process it only as needed to run the service for you, including to produce the insights you ask for.
          How we handle personal data is described in our <Link to={paths.privacyAlt}>Privacy Policy</Link>.
        </p>
      </LegalSection>

      <LegalSection id="terms-retention" title="7. Data retention and deletion">
        <p>
          You can export your data and delete your account at any time. After you delete your account, we
          delete your data, including backups, within {DATA_RETENTION_DAYS} days, unless the law requires us
          to keep part of it (for example, invoices).
        </p>
      </LegalSection>

      <LegalSection id="terms-security" title="8. Security and breach notice">
        <p>
          We protect your data with encrypted connections, encrypted storage of secrets such as two-factor
          keys and calendar tokens, and access limited to the people who need it to run {name}.
        </p>
        <p>
          If a security breach affects your personal data, we will tell you without undue delay and at the
          latest {BREACH_NOTICE_HOURS} hours after we become aware of it: what happened, which data is
          involved, what we are doing about it and what you can do.
        </p>
      </LegalSection>

      <LegalSection id="terms-subprocessors" title="9. Our service providers">
        <p>
          A few carefully chosen providers (sub-processors) help us run {name}, for example for hosting,
          sending email and taking payments. They may use your data only on our instructions and only to
          provide their service to us.
        </p>
        <p>
          We will tell you at least {SUBPROCESSOR_NOTICE_DAYS} days before we add or replace a sub-processor,
          so you can object or cancel before the change applies. Business customers find the details in our{" "}
          <Link to={paths.dpa}>Data Processing Agreement</Link>.
        </p>
      </LegalSection>

      <LegalSection id="terms-service" title="10. The service">
        <p>
          We work hard to keep {name} available and your data safe, and we improve the product all the time.
          We may change or retire features; if a change takes away something important you pay for, we will
          tell you in advance.
        </p>
        <p>AI insights and suggestions are there to help you decide. Check them before you rely on them.</p>
      </LegalSection>

      <LegalSection id="terms-liability" title="11. Liability">
        <p>
          {name} is provided "as is". As far as the law allows, we are not liable for indirect or
          consequential losses, such as lost profits or lost data, and our total liability for any claim is
          limited to what you paid us in the 12 months before it. Nothing in these terms limits liability that
          cannot be limited by law, or your rights as a consumer.
        </p>
      </LegalSection>

      <LegalSection id="terms-changes" title="12. Changes to these terms">
        <p>
          If we change these terms in a way that matters, we will tell you by email or in the app before the
          change takes effect. If you keep using {name} after that, the new terms apply. If you do not agree,
          you can cancel and ask for your data.
        </p>
      </LegalSection>

      <LegalSection id="terms-contact" title="13. Contact">
        <p>
          Questions about these terms? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
