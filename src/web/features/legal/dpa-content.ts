// The Data Processing Agreement, written once: the page renders it and the PDF is drawn from it.
// Keep the text to characters the PDF's standard fonts can draw (Latin-1 plus typographic quotes,
// dashes and bullets); dpa-pdf.test.ts checks this.
import {
  BREACH_NOTICE_HOURS,
  DATA_RETENTION_DAYS,
  LEGAL_DATE,
  SUBPROCESSOR_NOTICE_DAYS,
} from "#shared/domain/limits.ts";
import { siteConfig } from "#shared/domain/site-config.ts";

/** A paragraph, or a bulleted list when the block is an array. */
export type DpaBlock = string | readonly string[];

export type DpaSection = {
  id: string;
  title: string;
  body: readonly DpaBlock[];
};

export type DpaDocument = {
  title: string;
  date: string;
  summary: string;
  sections: readonly DpaSection[];
  signature: {
    heading: string;
    entity: string;
    signatory: string;
    date: string;
    note: string;
  };
};

const entity = siteConfig.legalEntity;

export const dpaDocument: DpaDocument = {
  title: "Data Processing Agreement",
  date: LEGAL_DATE,
  summary: `This agreement sets out how ${entity} handles personal data that your organisation puts into ${siteConfig.name}, as required by the GDPR and similar laws. It applies automatically when you accept our Terms of Service.`,
  sections: [
    {
      id: "dpa-scope",
      title: "1. Scope and parties",
      body: [
        `This Data Processing Agreement (the "DPA") forms part of the Terms of Service between ${entity} ("${siteConfig.name}", "we") and the customer that uses ${siteConfig.name} for its organisation ("you"). It covers personal data that we process on your behalf while providing the service.`,
        "If this DPA and the Terms of Service disagree on how personal data is protected, this DPA wins.",
      ],
    },
    {
      id: "dpa-roles",
      title: "2. Roles",
      body: [
        `You are the controller of the personal data in your workspace: you decide why and how it is processed. ${siteConfig.name} is your processor and acts only on your documented instructions. Those instructions are the Terms of Service, this DPA and the choices you make in the product.`,
        "If we believe an instruction breaks data protection law, we will tell you and may pause that processing until it is resolved.",
        `For the data we need to run your account and bill you (such as the account owner's email address and payment records), ${siteConfig.name} acts as an independent controller under its Privacy Policy.`,
      ],
    },
    {
      id: "dpa-details",
      title: "3. What we process",
      body: [
        [
          `Purpose: providing ${siteConfig.name}, including task and time tracking, calendar sync, analytics, AI insights, workflow automation and team collaboration.`,
          "People concerned: your users, and people who appear in tasks or calendar events you sync.",
          "Types of data: names, email addresses, job titles, tasks and their descriptions, time logs, focus sessions, calendar events and their attendees, workflow settings, presence and activity in shared workspaces, and technical logs.",
          "Sensitive data: the service is not designed for special categories of data, and we ask you not to store them.",
          "Duration: for as long as you use the service, plus the deletion period in section 9.",
        ],
      ],
    },
    {
      id: "dpa-confidentiality",
      title: "4. Confidentiality",
      body: [
        "Only staff who need access to run, support or secure the service can reach your data, and each of them is bound by a duty of confidentiality.",
      ],
    },
    {
      id: "dpa-security",
      title: "5. Security measures",
      body: [
        "We protect your data with technical and organisational measures suited to the risk, including:",
        [
          "encryption of all traffic in transit (TLS), and encryption at rest for calendar access tokens;",
          "passwords stored only as salted hashes, with optional two-factor authentication for every user;",
          "every record scoped to its owner or team and checked on the server for each request;",
          "least-privilege access for staff, with access logged and reviewed;",
          "rate limiting, regular dependency updates and monitoring for unusual activity;",
          "regular backups, and a set process for responding to incidents.",
        ],
        "We review these measures regularly and may improve them, but will not lower the overall level of protection.",
      ],
    },
    {
      id: "dpa-subprocessors",
      title: "6. Sub-processors",
      body: [
        "You allow us to use sub-processors for hosting, email delivery, payments and, when you or your operator turn them on, calendar providers and an external AI model. We keep a current list and will share it on request.",
        `We will tell you at least ${SUBPROCESSOR_NOTICE_DAYS} days before we add or replace a sub-processor. You may object on reasonable data protection grounds within that period. If we cannot address the objection, you may end the affected part of the service and we will refund any prepaid fees for the time left.`,
        "Each sub-processor is bound by data protection terms at least as protective as this DPA, and we remain responsible for its work.",
      ],
    },
    {
      id: "dpa-breaches",
      title: "7. Personal data breaches",
      body: [
        `If we become aware of a breach affecting your personal data, we will notify you without undue delay and in any case within ${BREACH_NOTICE_HOURS} hours. We will tell you what happened, which data and roughly how many people are affected, the likely consequences, what we have done about it and who to contact, and we will add details as we learn them.`,
      ],
    },
    {
      id: "dpa-assistance",
      title: "8. Helping you meet your obligations",
      body: [
        "Your users can see, export and delete their data in the product. Where they cannot, we will help you answer requests to access, correct, export, restrict or delete personal data.",
        "We will also give you the information you reasonably need for data protection impact assessments and for consultations with a supervisory authority.",
      ],
    },
    {
      id: "dpa-deletion",
      title: "9. Deletion and return of data",
      body: [
        `You can export your data at any time. When you delete your account or workspace, or the service ends, we delete the personal data we hold for you, including backups, within ${DATA_RETENTION_DAYS} days, unless the law requires us to keep part of it. On request we will confirm the deletion in writing.`,
      ],
    },
    {
      id: "dpa-audits",
      title: "10. Audits",
      body: [
        "We will make available the information you need to check that we meet this DPA, including answers to reasonable security questionnaires.",
        "You, or an independent auditor bound by confidentiality, may audit our compliance once a year with reasonable advance notice, during business hours and at your own cost. Further audits are possible after a breach or when a supervisory authority asks for one.",
      ],
    },
    {
      id: "dpa-transfers",
      title: "11. International transfers",
      body: [
        "When personal data leaves the European Economic Area, the United Kingdom or Switzerland for a country without an adequacy decision, the European Commission's Standard Contractual Clauses (and the UK addendum where relevant) apply, and we assess the transfer first.",
      ],
    },
    {
      id: "dpa-term",
      title: "12. Term and liability",
      body: [
        "This DPA lasts as long as we process personal data for you. The limits of liability in the Terms of Service apply to it, except where the law does not allow them.",
        `Questions about this DPA go to ${siteConfig.privacyEmail}.`,
      ],
    },
  ],
  signature: {
    heading: `Signed for ${entity}`,
    entity,
    signatory: `Authorised signatory, ${entity}`,
    date: LEGAL_DATE,
    note: "You accept this DPA by accepting the Terms of Service; no countersignature is needed.",
  },
};
