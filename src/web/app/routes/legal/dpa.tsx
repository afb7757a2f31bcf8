import { DownloadDpaButton } from "#web/features/legal/components/download-dpa-button.tsx";
import { LegalLayout } from "#web/features/legal/components/legal-layout.tsx";
import { LegalSection } from "#web/features/legal/components/legal-section.tsx";
import { dpaDocument } from "#web/features/legal/dpa-content.ts";

export function Component() {
  const { summary, sections, signature } = dpaDocument;
  return (
    <LegalLayout page="dpa" summary={<p>{summary}</p>} actions={<DownloadDpaButton />}>
      {sections.map((section) => (
        <LegalSection key={section.id} id={section.id} title={section.title}>
          {section.body.map((block) =>
            typeof block === "string" ? (
              <p key={block}>{block}</p>
            ) : (
              <ul key={block.join("|")}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </LegalSection>
      ))}

      <section
        aria-labelledby="dpa-signature"
        className="mt-12 rounded-lg border border-border bg-surface p-6"
      >
        <h2 id="dpa-signature" className="text-xl font-semibold tracking-tight">
          {signature.heading}
        </h2>
        <p className="mt-4 text-sm">{signature.signatory}</p>
        <p className="mt-1 text-sm">Date: {signature.date}</p>
        <p className="mt-4 text-sm text-muted">{signature.note}</p>
      </section>
    </LegalLayout>
  );
}
